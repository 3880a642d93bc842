import { X509Certificate } from 'node:crypto';
import type { MerchantChange, MerchantChangeKind } from '../../services/console/console-merchants.js';
import type { MerchantSummary } from '../../services/merchant-settings.js';
import { WALLETS, type Wallet } from '../../services/wallets/wallet-admin.js';
import { html, type Html } from '../pages/html.js';
import { settingShown, settingsEdit, type SettingField } from './merchant-settings-fields.js';

/** Each change's name on its button and confirmation heading. */
export const CHANGE_TITLES: Readonly<Record<MerchantChangeKind, string>> = {
  settings: 'Change settings',
  callbackKey: 'New callback key',
  testCallback: 'Send test callback',
  permit: 'Grant permission',
  revokePermission: 'Revoke permission',
  grantAccess: 'Allow acting for a merchant',
  revokeAccess: 'Stop acting for a merchant',
  addUser: 'Create API user',
  resetPassword: 'Reset password',
  issueToken: 'Issue token',
  revokeToken: 'Revoke token',
  addCertificate: 'Add certificate',
  createWalletKey: 'Create wallet key',
  createChild: 'Create child merchant',
};

export function isChangeKind(value: string | undefined): value is MerchantChangeKind {
  return value !== undefined && Object.hasOwn(CHANGE_TITLES, value);
}

/** A change read from a form, and the fields its confirmation carries on to the act. */
export interface ParsedChange {
  readonly change: MerchantChange;
  readonly fields: Readonly<Record<string, string>>;
  /** Settings: what each changed setting is now and becomes. */
  readonly settingRows?: readonly (readonly [SettingField, string, string])[];
  /** A certificate to add, as read from its PEM. */
  readonly certificate?: X509Certificate;
}

const PEM_CHARS_MAX = 16_000;
const TOKEN_ID = /^[0-9a-f-]{36}$/;

function required(fields: Record<string, string>, name: string, label: string, max: number): string {
  const value = fields[name]?.trim() ?? '';
  if (value === '' || value.length > max) throw new FormProblem(`${label}: 1 to ${max} characters`);
  return value;
}

class FormProblem extends Error {}

/**
 * The change a form asks for, or a message saying what is wrong with it. With `summary` (the
 * confirmation page) a settings form keeps only the settings that differ from the merchant's.
 */
export function changeOf(
  kind: MerchantChangeKind,
  fields: Record<string, string>,
  summary?: MerchantSummary,
): ParsedChange | string {
  try {
    return parsed(kind, fields, summary);
  } catch (error) {
    if (error instanceof FormProblem) return error.message;
    throw error;
  }
}

function parsed(
  kind: MerchantChangeKind,
  fields: Record<string, string>,
  summary: MerchantSummary | undefined,
): ParsedChange {
  switch (kind) {
    case 'settings': {
      const edit = settingsEdit(fields, summary);
      if (typeof edit === 'string') throw new FormProblem(edit);
      return { change: { kind, settings: edit.change }, fields: edit.fields, settingRows: edit.rows };
    }
    case 'testCallback':
      if (summary !== undefined && summary.callbackUrl === null)
        throw new FormProblem(`${summary.login} has no callback address: set one first`);
      return { change: { kind }, fields: {} };
    case 'callbackKey':
    case 'issueToken':
      return { change: { kind }, fields: {} };
    case 'permit':
    case 'revokePermission': {
      const permission = required(fields, 'permission', 'the permission', 40);
      return { change: { kind, permission }, fields: { permission } };
    }
    case 'grantAccess':
    case 'revokeAccess': {
      const target = required(fields, 'target', 'the merchant', 46);
      return { change: { kind, target }, fields: { target } };
    }
    case 'addUser':
    case 'resetPassword': {
      const userName = required(fields, 'userName', 'the user name', 50);
      return { change: { kind, userName }, fields: { userName } };
    }
    case 'revokeToken': {
      const tokenId = fields.tokenId ?? '';
      if (!TOKEN_ID.test(tokenId)) throw new FormProblem('choose a token to revoke');
      return { change: { kind, tokenId }, fields: { tokenId } };
    }
    case 'addCertificate': {
      const pem = required(fields, 'pem', 'the certificate', PEM_CHARS_MAX);
      let certificate: X509Certificate;
      try {
        certificate = new X509Certificate(pem);
      } catch {
        throw new FormProblem('the certificate is not a PEM X.509 certificate');
      }
      return { change: { kind, pem }, fields: { pem }, certificate };
    }
    case 'createWalletKey': {
      const wallet = fields.wallet;
      if (!(WALLETS as readonly (string | undefined)[]).includes(wallet))
        throw new FormProblem('the wallet is a, b or c');
      const recipientId = fields.recipientId?.trim() ?? '';
      return {
        change: {
          kind,
          wallet: wallet as Wallet,
          ...(recipientId === '' ? {} : { recipientId }),
        },
        fields: { wallet: wallet as Wallet, ...(recipientId === '' ? {} : { recipientId }) },
      };
    }
    case 'createChild': {
      const login = required(fields, 'login', 'the login', 46);
      return { change: { kind, login }, fields: { login } };
    }
  }
}

/** What the confirmation page says the change will do, in the operator's words. */
export function consequence(parsedChange: ParsedChange, summary: MerchantSummary): Html {
  const { change } = parsedChange;
  const login = summary.login;
  switch (change.kind) {
    case 'settings':
      return html`<table>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Now</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          ${(parsedChange.settingRows ?? []).map(
            ([field, now, after]) =>
              html`<tr>
                <td>${field.label}</td>
                <td>${settingShown(field, now)}</td>
                <td>${settingShown(field, after)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;
    case 'callbackKey':
      return html`<p>
        Make a new callback key for ${login}. Every callback sent from now on, pending ones included, is
        signed with it; the current key stops being used at once. The new key is shown once, on the next page:
        give it to the merchant then.
      </p>`;
    case 'testCallback':
      return html`<p>
        Send a test callback to ${summary.callbackUrl} by ${summary.callbackHttpMethod}, with
        <code>operation=test</code>, <code>status=1</code> and <code>callbackCreationDate</code>, and a
        checksum by the merchant's scheme (${summary.callbackSigning}), as the delivery job signs every
        callback. It is retried like any other if the merchant does not answer 2xx.
      </p>`;
    case 'permit':
      return html`<p>Grant ${login} the permission <strong>${change.permission}</strong>.</p>`;
    case 'revokePermission':
      return html`<p>
        Take the permission <strong>${change.permission}</strong> from ${login}: requests that need it are
        refused from now on.
      </p>`;
    case 'grantAccess':
      return html`<p>Let ${login} see and act on the transactions of ${change.target}.</p>`;
    case 'revokeAccess':
      return html`<p>${login} stops seeing and acting on the transactions of ${change.target}.</p>`;
    case 'addUser':
      return html`<p>
        Create the API user <strong>${change.userName}</strong> for ${login}. Its password is made by the
        gateway and shown once, on the next page.
      </p>`;
    case 'resetPassword':
      return html`<p>
        Give the API user <strong>${change.userName}</strong> a new password: the current one stops working at
        once. The new password is shown once, on the next page.
      </p>`;
    case 'issueToken':
      return html`<p>Issue a new API token for ${login}. It is shown once, on the next page.</p>`;
    case 'revokeToken':
      return html`<p>Revoke the token ${change.tokenId}: requests carrying it are refused from now on.</p>`;
    case 'addCertificate':
      return certificateConsequence(parsedChange.certificate, login);
    case 'createWalletKey':
      return html`<p>
        Make a new wallet ${change.wallet.toUpperCase()} key for ${login}
        ${change.recipientId === undefined ? '' : html` addressed as ${change.recipientId}`}. The private key
        is made and sealed in the gateway and never shown; the next page shows its public parts
        ${change.wallet === 'b' ? '' : 'and the certificate signing request for the wallet vendor'}.
      </p>`;
    case 'createChild':
      return html`<p>
        Create the merchant <strong>${change.login}</strong> as a child of ${login}, with the API user
        ${change.login}-api. Its password is shown once, on the next page.
      </p>`;
  }
}

function certificateConsequence(certificate: X509Certificate | undefined, login: string): Html {
  if (certificate === undefined) return html``;
  return html`<p>Accept requests of ${login} signed with the key of this certificate:</p>
    <dl>
      <dt>Subject</dt>
      <dd>${certificate.subject.replace(/\n/g, ', ')}</dd>
      <dt>SHA-256 fingerprint</dt>
      <dd>${certificate.fingerprint256}</dd>
      <dt>Valid</dt>
      <dd>${certificate.validFrom} to ${certificate.validTo}</dd>
    </dl>`;
}
