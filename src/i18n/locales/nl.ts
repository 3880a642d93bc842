import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Geslaagd',
  'system.error': 'Systeemfout',

  'request.unknownAddress': 'Het adres {path} bestaat niet',
  'request.methodNotAllowed': 'Gebruik POST met de parameters in de body van het verzoek',
  'request.paramsInUrl': 'Parameters moeten in de body van het verzoek worden verzonden, niet in het adres',
  'request.bodyTooLarge': 'Het verzoek is groter dan {limit} bytes',
  'request.bodyMalformed': 'De body van het verzoek kon niet worden gelezen als {encoding}',
  'request.contentTypeUnsupported': 'Inhoudstype {type} wordt hier niet geaccepteerd; gebruik {expected}',
  'request.tooManyRequests':
    'Te veel verzoeken: de limiet voor het aantal verzoeken is bereikt, probeer het later opnieuw',
  'request.tooManySimultaneous': 'Te veel gelijktijdige verzoeken: maximaal {limit} tegelijk',

  'idempotency.keyInvalid':
    'De header Idempotency-Key moet één keer worden verstuurd, met 1 tot {max} afdrukbare ASCII-tekens',
  'idempotency.keyReused': 'Deze Idempotency-Key is al gebruikt voor een ander verzoek',
  'idempotency.inProgress':
    'Een verzoek met deze Idempotency-Key wordt nog verwerkt; probeer het later opnieuw',

  'auth.required': 'Authenticatie vereist: verstuur userName en password, of token',
  'auth.ambiguous': 'Verstuur userName en password, of token, maar niet beide',
  'auth.denied': 'Toegang geweigerd',
  'auth.throttled':
    'Toegang geweigerd: te veel mislukte pogingen, probeer het over {seconds} seconden opnieuw',

  'signature.required': 'Deze handelaar moet verzoeken ondertekenen met de headers X-Hash en X-Signature',
  'signature.hashMismatch': 'X-Hash komt niet overeen met de body van het verzoek',
  'signature.invalid': 'X-Signature kan niet worden geverifieerd met de certificaten van de handelaar',

  'merchant.onBehalfDenied': 'Toegang tot handelaar {merchant} geweigerd',
  'permission.required': 'De handelaar heeft geen toestemming om {feature} te gebruiken',
  'mcc.notAllowed': 'MCC {mcc} staat niet in de lijst met toegestane codes van de handelaar',

  'param.missing': 'Verplichte parameter [{param}] ontbreekt',
  'param.invalid': 'Ongeldige waarde van parameter [{param}]: verwacht {reason}',
  'param.urlInvalid':
    'Parameter [{param}] moet een volledig adres zijn, inclusief het protocol (http:// of https://)',
  'param.conflict': 'De parameters [{param}] en [{other}] kunnen niet samen worden gebruikt',
  'currency.unknown': 'Onbekende valuta [{currency}]',

  'order.numberDuplicate': 'Een bestelling met dit bestelnummer is al verwerkt',
  'order.notFound': 'Bestelling niet gevonden',
  'order.referenceMissing': '[orderId] of [orderNumber] verwacht',
  'order.notPayable': 'De bestelling kan in de huidige status niet worden betaald',
  'feature.notEnabled':
    'Parameter [{param}] is nog niet beschikbaar: de functie {feature} is niet ingeschakeld op deze betaalgateway',
  'payment.approved': 'Uw bestelling is verwerkt, u wordt doorgestuurd...',
  'payment.declined': 'Betaling geweigerd',

  'cart.positionDuplicate': 'positionId {position} komt meer dan één keer voor in de winkelwagen',
  'cart.itemAmountMismatch':
    'itemAmount van positie {position} moet gelijk zijn aan itemPrice × quantity ({expected})',

  'reason.tooShort': 'minimaal {min} tekens',
  'reason.tooLong': 'maximaal {max} tekens',
  'reason.exactLength': 'precies {length} tekens',
  'reason.digits': 'alleen cijfers, {min} tot {max} stuks',
  'reason.boolean': 'true of false',
  'reason.oneOf': 'een van de waarden {values}',
  'reason.dateTime': 'een datum en tijd in de notatie yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'een tijdstip in de toekomst',
  'reason.json': 'geldige JSON',
  'reason.object': 'een JSON-object',
  'reason.array': 'een JSON-array',
  'reason.text': 'een tekstwaarde',
  'reason.number': 'een getal',
  'reason.decimals': 'een getal met maximaal {decimals} decimalen',
  'reason.exactlyOne': 'precies één element',
  'reason.itemsMax': 'maximaal {max} elementen',
  'reason.latin': 'Latijnse letters, spaties en de tekens {allowed}',
  'reason.phone': '7 tot 15 cijfers inclusief de landcode, eventueel voorafgegaan door + of 00',
  'reason.single': 'één enkele waarde, geen herhaalde parameter',
  'reason.integerRange': 'een geheel getal van {min} tot en met {max}',
  'reason.cardNumber': 'een kaartnummer van 15 tot 19 cijfers dat de Luhn-controle doorstaat',
  'reason.cardExpiry': 'een vervaldatum van de kaart in de notatie YYYYMM die niet in het verleden ligt',
  'reason.seToken':
    'kaartgegevens versleuteld met de sleutel van de betaalgateway (RSA-OAEP), niet ouder dan een uur',

  'actionCode.awaitingPayment': 'Er is nog geen betalingspoging gedaan',
  'actionCode.paymentExpired':
    'De betaling is verlopen: de tijd voor het invoeren van de kaartgegevens is verstreken',
  'actionCode.doNotHonour': 'Geweigerd door de kaartuitgever: niet honoreren',
  'actionCode.expiredCard': 'Geweigerd: de kaart is verlopen',
  'actionCode.insufficientFunds': 'Geweigerd: onvoldoende saldo',
  'actionCode.limitExceeded': 'Geweigerd: het bedrag overschrijdt de kaartlimiet',
  'actionCode.lostCard': 'Geweigerd: de kaart is als verloren gemeld',
  'actionCode.incorrectCvc': 'Geweigerd: de beveiligingscode van de kaart (CVC) is onjuist',
  'actionCode.invalidExpiry': 'Geweigerd: de vervaldatum van de kaart is ongeldig',
  'actionCode.issuerTimeout': 'Geweigerd: de kaartuitgever heeft niet tijdig gereageerd',
};
