import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Lyckades',
  'system.error': 'Systemfel',

  'request.unknownAddress': 'Adressen {path} finns inte',
  'request.methodNotAllowed': 'Använd POST med parametrarna i begärandetexten',
  'request.paramsInUrl': 'Parametrar måste skickas i begärandetexten, inte i adressen',
  'request.bodyTooLarge': 'Begäran är större än {limit} byte',
  'request.bodyMalformed': 'Begärandetexten kunde inte läsas som {encoding}',
  'request.contentTypeUnsupported': 'Innehållstypen {type} accepteras inte här; använd {expected}',
  'request.tooManyRequests':
    'För många begäranden: gränsen för antalet begäranden har nåtts, försök igen senare',
  'request.tooManySimultaneous': 'För många samtidiga begäranden: högst {limit} åt gången',

  'idempotency.keyInvalid':
    'Huvudet Idempotency-Key måste skickas en gång, med 1 till {max} utskrivbara ASCII-tecken',
  'idempotency.keyReused': 'Denna Idempotency-Key har redan använts för en annan begäran',
  'idempotency.inProgress': 'En begäran med denna Idempotency-Key behandlas fortfarande; försök igen senare',

  'auth.required': 'Autentisering krävs: skicka userName och password, eller token',
  'auth.ambiguous': 'Skicka antingen userName och password, eller token, inte båda',
  'auth.denied': 'Åtkomst nekad',
  'auth.throttled': 'Åtkomst nekad: för många misslyckade försök, försök igen om {seconds} sekunder',

  'signature.required': 'Den här handlaren måste signera begäranden med huvudena X-Hash och X-Signature',
  'signature.hashMismatch': 'X-Hash stämmer inte med begärandetexten',
  'signature.invalid': 'X-Signature kan inte verifieras med handlarens certifikat',

  'merchant.onBehalfDenied': 'Åtkomst nekad till handlaren {merchant}',
  'permission.required': 'Handlaren har inte behörighet att använda {feature}',
  'mcc.notAllowed': 'MCC {mcc} finns inte i handlarens lista över tillåtna koder',

  'param.missing': 'Obligatorisk parameter [{param}] saknas',
  'param.invalid': 'Ogiltigt värde för parametern [{param}]: förväntade {reason}',
  'param.urlInvalid':
    'Parametern [{param}] måste vara en fullständig adress inklusive protokoll (http:// eller https://)',
  'param.conflict': 'Parametrarna [{param}] och [{other}] kan inte användas tillsammans',
  'currency.unknown': 'Okänd valuta [{currency}]',

  'order.numberDuplicate': 'En order med angivet ordernummer har redan behandlats',
  'order.notFound': 'Ordern hittades inte',
  'order.referenceMissing': '[orderId] eller [orderNumber] förväntades',
  'order.notPayable': 'Ordern kan inte betalas i sin nuvarande status',
  'feature.notEnabled':
    'Parametern [{param}] är ännu inte tillgänglig: funktionen {feature} är inte aktiverad på denna betalningsgateway',
  'payment.approved': 'Din order har behandlats, du omdirigeras...',
  'payment.declined': 'Betalning nekad',

  'cart.positionDuplicate': 'positionId {position} förekommer mer än en gång i varukorgen',
  'cart.itemAmountMismatch':
    'itemAmount för position {position} måste vara lika med itemPrice × quantity ({expected})',

  'reason.tooShort': 'minst {min} tecken',
  'reason.tooLong': 'högst {max} tecken',
  'reason.exactLength': 'exakt {length} tecken',
  'reason.digits': 'endast siffror, {min} till {max} stycken',
  'reason.boolean': 'true eller false',
  'reason.oneOf': 'ett av värdena {values}',
  'reason.dateTime': 'datum och tid i formatet yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'en tidpunkt i framtiden',
  'reason.json': 'giltig JSON',
  'reason.object': 'ett JSON-objekt',
  'reason.array': 'en JSON-array',
  'reason.text': 'ett textvärde',
  'reason.number': 'ett tal',
  'reason.decimals': 'ett tal med högst {decimals} decimaler',
  'reason.exactlyOne': 'exakt ett element',
  'reason.itemsMax': 'högst {max} element',
  'reason.latin': 'latinska bokstäver, mellanslag och tecknen {allowed}',
  'reason.phone': '7 till 15 siffror inklusive landsnummer, eventuellt efter + eller 00',
  'reason.single': 'ett enda värde, inte en upprepad parameter',
  'reason.integerRange': 'ett heltal från {min} till {max}',
  'reason.cardNumber': 'ett kortnummer med 15 till 19 siffror som klarar Luhn-kontrollen',
  'reason.cardExpiry': 'ett utgångsdatum för kortet i formatet YYYYMM som inte har passerat',
  'reason.seToken':
    'kortuppgifter krypterade med betalningsgatewayens nyckel (RSA-OAEP) som inte är äldre än en timme',

  'actionCode.awaitingPayment': 'Inget betalningsförsök har gjorts ännu',
  'actionCode.paymentExpired': 'Betalningen har gått ut: tiden för att ange kortuppgifterna har löpt ut',
  'actionCode.doNotHonour': 'Nekad av kortutgivaren: får inte genomföras',
  'actionCode.expiredCard': 'Nekad: kortet har gått ut',
  'actionCode.insufficientFunds': 'Nekad: otillräckligt saldo',
  'actionCode.limitExceeded': 'Nekad: beloppet överskrider kortets beloppsgräns',
  'actionCode.lostCard': 'Nekad: kortet är anmält som förlorat',
  'actionCode.incorrectCvc': 'Nekad: kortets säkerhetskod (CVC) är felaktig',
  'actionCode.invalidExpiry': 'Nekad: kortets utgångsdatum är ogiltigt',
  'actionCode.issuerTimeout': 'Nekad: kortutgivaren svarade inte i tid',
};
