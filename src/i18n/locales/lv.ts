import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Veiksmīgi',
  'system.error': 'Sistēmas kļūda',

  'request.unknownAddress': 'Adrese {path} neeksistē',
  'request.methodNotAllowed': 'Izmantojiet POST un nosūtiet parametrus pieprasījuma saturā',
  'request.paramsInUrl': 'Parametri jānosūta pieprasījuma saturā, nevis adresē',
  'request.bodyTooLarge': 'Pieprasījums pārsniedz {limit} baitus',
  'request.bodyMalformed': 'Pieprasījuma saturu neizdevās nolasīt kā {encoding}',
  'request.contentTypeUnsupported': 'Satura tips {type} šeit netiek pieņemts; izmantojiet {expected}',
  'request.tooManyRequests':
    'Pārāk daudz pieprasījumu: sasniegts pieprasījumu biežuma ierobežojums, mēģiniet vēlāk vēlreiz',
  'request.tooManySimultaneous': 'Pārāk daudz vienlaicīgu pieprasījumu: vienlaikus ne vairāk kā {limit}',

  'idempotency.keyInvalid':
    'Galvene Idempotency-Key jānosūta vienreiz, un tajā jābūt no 1 līdz {max} drukājamām ASCII rakstzīmēm',
  'idempotency.keyReused': 'Šī Idempotency-Key vērtība jau ir izmantota citam pieprasījumam',
  'idempotency.inProgress': 'Pieprasījums ar šo Idempotency-Key vēl tiek apstrādāts; mēģiniet vēlāk vēlreiz',

  'auth.required': 'Nepieciešama autentifikācija: nosūtiet userName un password vai token',
  'auth.ambiguous': 'Nosūtiet vai nu userName un password, vai token, bet ne abus',
  'auth.denied': 'Piekļuve liegta',
  'auth.throttled':
    'Piekļuve liegta: pārāk daudz neveiksmīgu mēģinājumu, mēģiniet vēlreiz pēc {seconds} sekundēm',

  'signature.required': 'Šim tirgotājam pieprasījumi jāparaksta ar galvenēm X-Hash un X-Signature',
  'signature.hashMismatch': 'X-Hash neatbilst pieprasījuma saturam',
  'signature.invalid': 'X-Signature nevar verificēt ar tirgotāja sertifikātiem',

  'merchant.onBehalfDenied': 'Piekļuve tirgotājam {merchant} liegta',
  'permission.required': 'Tirgotājam nav atļauts izmantot {feature}',
  'mcc.notAllowed': 'MCC {mcc} nav tirgotāja atļauto kodu sarakstā',

  'param.missing': 'Trūkst obligātā parametra [{param}]',
  'param.invalid': 'Nederīga parametra [{param}] vērtība, gaidīts: {reason}',
  'param.urlInvalid': 'Parametram [{param}] jābūt pilnai adresei, ieskaitot protokolu (http:// vai https://)',
  'param.conflict': 'Parametrus [{param}] un [{other}] nevar izmantot kopā',
  'currency.unknown': 'Nezināma valūta [{currency}]',

  'order.numberDuplicate': 'Pasūtījums ar norādīto pasūtījuma numuru jau ir apstrādāts',
  'order.notFound': 'Pasūtījums nav atrasts',
  'order.referenceMissing': 'Jānorāda [orderId] vai [orderNumber]',
  'order.notPayable': 'Pasūtījumu tā pašreizējā statusā nevar apmaksāt',
  'feature.notEnabled':
    'Parametrs [{param}] vēl nav pieejams: šajā maksājumu vārtejā funkcija {feature} nav iespējota',
  'payment.approved': 'Jūsu pasūtījums ir apstrādāts, notiek pāradresācija...',
  'payment.declined': 'Maksājums noraidīts',
  'payment.threeDsMethod':
    'Klientam jāveic autentifikācija ar 3-D Secure 2: izpildiet 3DS Method un pēc tam atkārtojiet pieprasījumu ar threeDSServerTransId',
  'payment.threeDsChallenge': 'Kartes izdevējs pieprasa klienta autentifikāciju: novirziet klientu uz ACS',

  'cart.positionDuplicate': 'positionId {position} grozā atkārtojas vairāk nekā vienu reizi',
  'cart.itemAmountMismatch':
    'Pozīcijas {position} itemAmount vērtībai jābūt vienādai ar itemPrice × quantity ({expected})',

  'reason.tooShort': 'vismaz {min} rakstzīmes',
  'reason.tooLong': 'ne vairāk kā {max} rakstzīmes',
  'reason.exactLength': 'tieši {length} rakstzīmes',
  'reason.digits': 'tikai cipari, no {min} līdz {max}',
  'reason.boolean': 'true vai false',
  'reason.oneOf': 'viena no vērtībām {values}',
  'reason.dateTime': 'datums un laiks formātā yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'laika brīdis nākotnē',
  'reason.json': 'derīgs JSON',
  'reason.object': 'JSON objekts',
  'reason.array': 'JSON masīvs',
  'reason.text': 'teksta vērtība',
  'reason.number': 'skaitlis',
  'reason.decimals': 'skaitlis ar ne vairāk kā {decimals} zīmēm aiz komata',
  'reason.exactlyOne': 'tieši viens elements',
  'reason.itemsMax': 'ne vairāk kā {max} elementi',
  'reason.latin': 'latīņu burti, atstarpes un rakstzīmes {allowed}',
  'reason.phone': 'no 7 līdz 15 cipariem, ieskaitot valsts kodu, pēc izvēles aiz + vai 00',
  'reason.single': 'viena vērtība, nevis atkārtots parametrs',
  'reason.integerRange': 'vesels skaitlis no {min} līdz {max}',
  'reason.cardNumber': 'kartes numurs ar 15 līdz 19 cipariem, kas iztur Luhn pārbaudi',
  'reason.cardExpiry': 'kartes derīguma termiņš formātā YYYYMM, kas nav pagātnē',
  'reason.seToken':
    'ar maksājumu vārtejas atslēgu (RSA-OAEP) šifrēti kartes dati, kas nav vecāki par vienu stundu',

  'actionCode.awaitingPayment': 'Maksājuma mēģinājums vēl nav veikts',
  'actionCode.paymentExpired': 'Maksājuma termiņš ir beidzies: kartes datu ievadīšanas laiks ir beidzies',
  'actionCode.doNotHonour': 'Kartes izdevējs noraidīja maksājumu: neapkalpot',
  'actionCode.expiredCard': 'Noraidīts: kartes derīguma termiņš ir beidzies',
  'actionCode.insufficientFunds': 'Noraidīts: nepietiekami līdzekļi',
  'actionCode.limitExceeded': 'Noraidīts: summa pārsniedz kartes limitu',
  'actionCode.lostCard': 'Noraidīts: karte ir pieteikta kā nozaudēta',
  'actionCode.incorrectCvc': 'Noraidīts: kartes drošības kods (CVC) ir nepareizs',
  'actionCode.invalidExpiry': 'Noraidīts: norādīts nepareizs kartes derīguma termiņš',
  'actionCode.issuerTimeout': 'Noraidīts: kartes izdevējs laikus nesniedza atbildi',
  'actionCode.threeDsFailed': 'Noraidīts: 3-D Secure autentifikācija neizdevās',
  'actionCode.acsNotReturned': 'Noraidīts: klients neatgriezās no 3-D Secure autentifikācijas',
  'actionCode.threeDsUnavailable': 'Noraidīts: 3-D Secure autentifikāciju nevarēja veikt',
  'actionCode.challengeFailed': 'Noraidīts: klients neizturēja 3-D Secure pārbaudi',
  'actionCode.threeDsRejected': 'Noraidīts: kartes izdevējs noraidīja 3-D Secure autentifikāciju',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Maksājums',
  'page.merchant': 'Tirgotājs',
  'page.amount': 'Summa',
  'page.order': 'Pasūtījums',
  'page.description': 'Apraksts',
  'page.timeLeft': 'Atlikušais laiks maksājumam',
  'page.cardNumber': 'Kartes numurs',
  'page.expiry': 'Derīguma termiņš (MM/YY)',
  'page.cvc': 'Drošības kods (CVC)',
  'page.cvcHint': '3 cipari kartes aizmugurē',
  'page.cardholder': 'Kartes turētāja vārds',
  'page.cardholderHint': 'Kā norādīts uz kartes, latīņu burtiem',
  'page.pay': 'Maksāt {amount}',
  'page.processing': 'Jūsu maksājums tiek apstrādāts…',
  'page.authenticating': 'Jūsu banka pārbauda maksājumu…',
  'page.continue': 'Turpināt',
  'page.noscript': 'JavaScript ir izslēgts: lai turpinātu, nospiediet “Turpināt”.',
  'page.secureNote':
    'Jūsu kartes dati tiek nosūtīti pa šifrētu savienojumu un nekad netiek parādīti veikalam.',
  'page.errorSummary': 'Lūdzu, izlabojiet tālāk atzīmētos laukus',
  'page.error.cardNumber': 'Ievadiet derīgu kartes numuru ar 15 līdz 19 cipariem',
  'page.error.expiry': 'Ievadiet derīguma termiņu formātā MM/YY; tas nedrīkst būt pagātnē',
  'page.error.cvc': 'Ievadiet 3 ciparu drošības kodu',
  'page.error.cardholder':
    "Ievadiet vārdu, kā norādīts uz kartes: 2 līdz 45 latīņu burti, atstarpes un . - '",
  'page.declinedNow': 'Maksājums tika noraidīts. Varat mēģināt ar citu karti.',
  'page.expired.title': 'Šī maksājuma termiņš ir beidzies',
  'page.expired.text':
    'Laiks šī pasūtījuma apmaksai ir beidzies. Lūdzu, atgriezieties veikalā un pasūtiet vēlreiz.',
  'page.paid.title': 'Šis pasūtījums jau ir apmaksāts',
  'page.paid.text': 'Šī pasūtījuma maksājums ir veikts; nekas vairs nav jādara.',
  'page.declined.title': 'Šo pasūtījumu nevar apmaksāt',
  'page.declined.text': 'Šī pasūtījuma maksājums tika noraidīts vai atcelts. Lūdzu, atgriezieties veikalā.',
  'page.unknown.title': 'Pasūtījums nav atrasts',
  'page.unknown.text':
    'Mēs nevarējām atrast šo pasūtījumu. Lūdzu, pārbaudiet saiti vai atgriezieties veikalā.',
  'page.inProgress.title': 'Notiek maksājums',
  'page.inProgress.text':
    'Šis pasūtījums jau tiek apmaksāts. Lūdzu, brīdi uzgaidiet un sazinieties ar veikalu.',
  'page.back': 'Atpakaļ uz veikalu',
};
