import type { FastifyPluginCallback } from 'fastify';
import { APP_ACS_PATHS } from '../../processing/threeds/app-channel/app-challenge-acs.js';
import { hasControlCharacter } from '../../api/params/input-screen.js';
import { within } from '../route-prefix.js';
import type { AcsDeps } from './acs-routes.js';
import { formFields } from './form-fields.js';

/** A CReq is at most a few kilobytes; the EMV SDKs send nothing near this. */
const MAX_MESSAGE_BYTES = 64 * 1024;

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The sandbox ACS for apps: the signed `acsURL` an app's 3DS SDK posts CReq JWEs (or its own Erro
 * as JSON) to (protocols-jose.md §7.7), and the emulated bank app that approves or declines an
 * out-of-band step. No browser comes here: answers are EMV messages, never pages. Registered under
 * /acs/app.
 */
export const appAcsPages: FastifyPluginCallback<AcsDeps> = (app, { acs }, done) => {
  app.post(within(app.prefix, APP_ACS_PATHS.challenge), async (request, reply) => {
    const type = mediaType(request.headers['content-type']);
    const body = request.rawBody ?? Buffer.alloc(0);
    const text = body.toString('utf8');
    if (
      (type !== 'application/jose' && type !== 'application/json') ||
      body.length > MAX_MESSAGE_BYTES ||
      hasControlCharacter(text)
    ) {
      await reply
        .code(200)
        .type('application/json; charset=UTF-8')
        .send(
          JSON.stringify({
            messageType: 'Erro',
            messageVersion: '2.1.0',
            threeDSServerTransID: '',
            errorCode: '203',
            errorComponent: 'A',
            errorDescription: 'Invalid format',
            errorDetail: 'a CReq JWE as application/jose, or an Erro as application/json',
            errorMessageType: 'CReq',
          }),
        );
      return;
    }
    const answer = await acs.appChallenge(text, type === 'application/json');
    reply.code(answer.status).header('cache-control', 'no-store');
    if (answer.contentType === undefined || answer.body === undefined) {
      await reply.send();
      return;
    }
    await reply.type(answer.contentType).send(answer.body);
  });

  // What a developer configures the app's SDK with for the sandbox: public keys and certificates only.
  app.get(within(app.prefix, APP_ACS_PATHS.directory), async (_request, reply) => {
    const trust = await acs.directoryTrust();
    if (trust === undefined) {
      await reply.code(404).send({ error: 'the sandbox directory server is off (GATEHOUSE_ENV=production)' });
      return;
    }
    await reply.code(200).send(trust);
  });

  // The cardholder's bank app, as the sandbox plays it: approve=true or false for an open step.
  app.post(within(app.prefix, APP_ACS_PATHS.bankApp), async (request, reply) => {
    const fields = formFields(request);
    const approve = fields.approve === 'true' ? true : fields.approve === 'false' ? false : undefined;
    const acsTransID = fields.acsTransID ?? '';
    if (approve === undefined || acsTransID === '') {
      await reply.code(400).send({ error: 'send acsTransID and approve=true or approve=false' });
      return;
    }
    const decided = await acs.bankApp(acsTransID, approve);
    if (!decided) {
      await reply
        .code(409)
        .send({ error: 'no out-of-band step of this transaction is waiting for the bank app' });
      return;
    }
    await reply.code(200).send({ acsTransID, decision: approve ? 'approved' : 'declined' });
  });
  done();
};
