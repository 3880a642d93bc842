import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINES } from '../support/engines.js';
import { startTestGatehouse, type TestGatehouse } from '../support/gatehouse-harness.js';
import { callbackParamsOf, CARD, createP2pMerchant, orderNumber, type P2pMerchant } from '../support/p2p.js';

type Body = Record<string, unknown>;

const PAYER_V = {
  payerAccount: 'ACC-1',
  payerFirstName: 'JANE',
  payerLastName: 'DOE',
  payerBirthday: '19800101',
  billingCity: 'Berlin',
  billingCountry: 'DE',
  billingAddressLine1: 'Main 1',
};
const RECIPIENT_M = {
  recipientFirstName: 'JOHN',
  recipientLastName: 'ROE',
  recipientCountry: 'DE',
  recipientAccount: 'DE89370400440532013000',
  recipientAccountNumberType: 1,
};

for (const engine of ENGINES) {
  describe(`${engine}: one-direction transfers, AFT and OCT (issue 12, part d)`, () => {
    let gh: TestGatehouse;
    let shop: P2pMerchant;

    before(async () => {
      gh = await startTestGatehouse(engine);
      shop = await createP2pMerchant(gh, {
        permissions: ['aft', 'oct'],
        callbackUrl: 'https://shop.example/cb',
      });
      // The perform replies these tests read carry statusResponse only when it is enabled (issue 23).
      await gh.gatehouse.admin.set(shop.login, { p2pStatusResponse: true });
    });
    after(() => gh.close());

    const register = async (feature: string[], extra: Body = {}) =>
      (
        await shop.call('registerP2P.do', {
          orderNumber: orderNumber('dir'),
          amount: 4000,
          currency: '978',
          returnUrl: 'https://shop.example/done',
          features: { feature },
          transactionTypeIndicator: 'A',
          ...extra,
        })
      ).body;
    const legs = (status: Body) =>
      (status.operationList as Body[]).map((leg) => [leg.operationType, leg.amount, leg.resultCode]);

    test('registration rules: permissions, the indicator, features that exclude each other', async () => {
      const plain = await createP2pMerchant(gh);
      const denied = (
        await plain.call('registerP2P.do', {
          orderNumber: orderNumber(),
          amount: 1,
          currency: '978',
          returnUrl: 'https://shop.example/x',
          features: { feature: ['WITHOUT_TO_CARD'] },
          transactionTypeIndicator: 'A',
        })
      ).body;
      assert.equal(denied.errorCode, '5');
      assert.match(String(denied.errorMessage), /permitted/);
      const noIndicator = await register(['WITHOUT_TO_CARD'], { transactionTypeIndicator: undefined });
      assert.equal(noIndicator.errorCode, '4');
      assert.match(String(noIndicator.errorMessage), /transactionTypeIndicator/);
      const both = await register(['WITHOUT_TO_CARD', 'WITHOUT_FROM_CARD']);
      assert.equal(both.errorCode, '5');
      const expectedAlone = await register(['OCT_EXPECTED']);
      assert.equal(expectedAlone.errorCode, '5');
    });

    test('AFT on network V: payer data and tii required; debit only, with operationType in the callback', async () => {
      const orderId = String((await register(['WITHOUT_TO_CARD', 'OCT_EXPECTED'])).orderId);
      const noPayer = (
        await shop.call('performP2P.do', { orderId, tii: 'CI', fromCard: CARD('4111111111111111') })
      ).body;
      assert.equal(noPayer.errorCode, '4');
      assert.match(String(noPayer.errorMessage), /billingPayerData\.payerFirstName/);
      const noTii = (
        await shop.call('performP2P.do', {
          orderId,
          billingPayerData: PAYER_V,
          fromCard: CARD('4111111111111111'),
        })
      ).body;
      assert.match(String(noTii.errorMessage), /\[tii\]/);
      const funded = (
        await shop.call('performP2P.do', {
          orderId,
          tii: 'CI',
          type: 'WITHOUT_TO_CARD',
          billingPayerData: PAYER_V,
          fromCard: CARD('4111111111111111'),
        })
      ).body;
      assert.equal(funded.errorCode, '0', JSON.stringify(funded));
      assert.equal(funded.mcTransactionReference, undefined, 'network V: no network-M reference');
      const status = funded.statusResponse as Body;
      assert.equal(status.orderStatus, 2);
      assert.deepEqual(legs(status), [['DEBIT', 4000, '0']]);
      assert.equal(status.panMaskedTo, undefined);
      const params = await callbackParamsOf(gh, orderId);
      assert.equal(params.operationType, 'AFT');
      assert.equal(params.transactionTypeIndicator, 'A');
      assert.equal(params.debitBankName, 'GATEHOUSE SANDBOX BANK');
      assert.equal(params.debitPanCountryCode, 'DE');
      assert.match(String(params.p2pDebitRrn), /^\d{12}$/);
      assert.equal(params.creditBankName, undefined, 'an AFT credits no card');
      assert.equal(params.isInternationalP2P, undefined);
    });

    test('AFT on network M generates the reference the OCT must carry; the OCT credits only', async () => {
      const aft = String((await register(['WITHOUT_TO_CARD', 'OCT_EXPECTED'])).orderId);
      const noRecipient = (
        await shop.call('performP2P.do', { orderId: aft, tii: 'F', fromCard: CARD('5555555555554444') })
      ).body;
      assert.match(String(noRecipient.errorMessage), /billingRecipientData\.recipientCountry/);
      const funded = (
        await shop.call('performP2P.do', {
          orderId: aft,
          tii: 'F',
          billingRecipientData: RECIPIENT_M,
          fromCard: CARD('5555555555554444'),
        })
      ).body;
      assert.equal(funded.errorCode, '0', JSON.stringify(funded));
      assert.match(String(funded.mcTransactionReference), /^\d{19}$/);
      assert.equal(funded.debitTransactionReference, funded.mcTransactionReference);
      const reference = String(funded.mcTransactionReference);
      const read = (await shop.call('getP2PStatus.do', { orderId: aft })).body;
      assert.equal(read.debitTransactionReference, reference);

      const missingReference = await register(['WITHOUT_FROM_CARD'], {
        transactionTypeIndicator: 'G',
        debitMdOrder: aft,
      });
      assert.equal(missingReference.errorCode, '4');
      const wrongReference = await register(['WITHOUT_FROM_CARD'], {
        transactionTypeIndicator: 'G',
        debitMdOrder: aft,
        debitTransactionReference: '0000000000000000000',
      });
      assert.equal(wrongReference.errorCode, '5');
      const oct = await register(['WITHOUT_FROM_CARD'], {
        transactionTypeIndicator: 'G',
        debitMdOrder: aft,
        debitTransactionReference: reference,
        transactionPurpose: '01',
      });
      assert.equal(oct.errorCode, '0', JSON.stringify(oct));
      const octId = String(oct.orderId);
      const withTii = (
        await shop.call('performP2P.do', { orderId: octId, tii: 'F', toCard: { pan: '5555555555554444' } })
      ).body;
      assert.equal(withTii.errorCode, '5');
      assert.match(String(withTii.errorMessage), /\[tii\]/);
      const noType = (
        await shop.call('performP2P.do', { orderId: octId, toCard: { pan: '5555555555554444' } })
      ).body;
      assert.match(String(noType.errorMessage), /payerAccountNumberType/);
      const credited = (
        await shop.call('performP2P.do', {
          orderId: octId,
          billingPayerData: { payerAccount: 'ACC-2', payerAccountNumberType: 'IBAN' },
          toCard: { pan: '5555555555554444' },
        })
      ).body;
      assert.equal(credited.errorCode, '0', JSON.stringify(credited));
      const status = credited.statusResponse as Body;
      assert.equal(status.orderStatus, 2);
      assert.deepEqual(legs(status), [['CREDIT', 4000, '0']]);
      assert.equal(status.panMaskedTo, '555555**4444');
      assert.equal(status.panMaskedFrom, undefined);
      const octParams = await callbackParamsOf(gh, octId);
      assert.equal(octParams.operationType, 'OCT');
      assert.equal(octParams.transactionTypeIndicator, 'G');
      assert.equal(octParams.creditBankName, 'GATEHOUSE SANDBOX BANK');
      assert.equal(octParams.creditPanCountryCode, 'DE');
      assert.equal(octParams.debitBankName, undefined, 'an OCT debits no card');
      assert.equal(octParams.p2pDebitRrn, undefined);
      const refusedOct = String(
        (await register(['WITHOUT_FROM_CARD'], { transactionTypeIndicator: 'D' })).orderId,
      );
      const declined = (
        await shop.call('performP2P.do', { orderId: refusedOct, toCard: { pan: '4000000000009987' } })
      ).body;
      assert.deepEqual(legs(declined.statusResponse as Body), [['CREDIT', 4000, '208']]);
      assert.equal((declined.statusResponse as Body).orderStatus, 6);
    });
  });
}
