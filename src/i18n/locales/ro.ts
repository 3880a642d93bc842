import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Succes',
  'system.error': 'Eroare de sistem',

  'request.unknownAddress': 'Adresa {path} nu există',
  'request.methodNotAllowed': 'Utilizați POST cu parametrii în corpul cererii',
  'request.paramsInUrl': 'Parametrii trebuie trimiși în corpul cererii, nu în adresă',
  'request.bodyTooLarge': 'Cererea depășește {limit} octeți',
  'request.bodyMalformed': 'Corpul cererii nu a putut fi citit ca {encoding}',
  'request.contentTypeUnsupported': 'Tipul de conținut {type} nu este acceptat aici; utilizați {expected}',
  'request.tooManyRequests':
    'Prea multe cereri: a fost atinsă limita de frecvență a cererilor, încercați din nou mai târziu',
  'request.tooManySimultaneous': 'Prea multe cereri simultane: cel mult {limit} în același timp',

  'idempotency.keyInvalid':
    'Antetul Idempotency-Key trebuie trimis o singură dată, cu 1 până la {max} caractere ASCII imprimabile',
  'idempotency.keyReused': 'Această Idempotency-Key a fost deja folosită pentru o altă cerere',
  'idempotency.inProgress':
    'O cerere cu această Idempotency-Key este încă în curs de procesare; încercați din nou mai târziu',

  'auth.required': 'Este necesară autentificarea: trimiteți userName și password sau token',
  'auth.ambiguous': 'Trimiteți fie userName și password, fie token, dar nu pe amândouă',
  'auth.denied': 'Acces refuzat',
  'auth.throttled': 'Acces refuzat: prea multe încercări eșuate, încercați din nou peste {seconds} secunde',

  'signature.required': 'Acest comerciant trebuie să semneze cererile cu antetele X-Hash și X-Signature',
  'signature.hashMismatch': 'X-Hash nu corespunde corpului cererii',
  'signature.invalid': 'X-Signature nu poate fi verificată cu certificatele comerciantului',

  'merchant.onBehalfDenied': 'Acces refuzat la comerciantul {merchant}',
  'permission.required': 'Comerciantul nu are permisiunea de a utiliza {feature}',
  'mcc.notAllowed': 'Codul MCC {mcc} nu se află în lista de coduri permise a comerciantului',

  'param.missing': 'Lipsește parametrul obligatoriu [{param}]',
  'param.empty': '[{param}] este gol',
  'param.invalid': 'Valoare nevalidă a parametrului [{param}]: se aștepta {reason}',
  'param.urlInvalid':
    'Parametrul [{param}] trebuie să fie o adresă completă, inclusiv protocolul (http:// sau https://)',
  'param.conflict': 'Parametrii [{param}] și [{other}] nu pot fi utilizați împreună',
  'currency.unknown': 'Monedă necunoscută [{currency}]',

  'order.numberDuplicate': 'O comandă cu acest număr de comandă a fost deja procesată',
  'order.notFound': 'Comanda nu a fost găsită',
  'order.referenceMissing': 'Se aștepta [orderId] sau [orderNumber]',
  'order.notPayable': 'Comanda nu poate fi plătită în starea sa actuală',
  'feature.notEnabled':
    'Parametrul [{param}] nu este încă disponibil: funcționalitatea {feature} nu este activată pe acest gateway de plată',
  'binding.notFound': 'Cardul salvat nu a fost găsit',
  'binding.notActive': 'Cardul salvat nu este activ',
  'binding.active': 'Cardul salvat este activ',
  'binding.expired': 'Cardul salvat a expirat',
  'payment.approved': 'Comanda dumneavoastră a fost procesată, se face redirecționarea...',
  'payment.declined': 'Plată respinsă',
  'payment.threeDsMethod':
    'Clientul trebuie autentificat cu 3-D Secure 2: rulați 3DS Method, apoi repetați cererea cu threeDSServerTransId',
  'payment.threeDsChallenge':
    'Emitentul solicită autentificarea clientului: redirecționați clientul către ACS',

  'cart.positionDuplicate': 'positionId {position} apare de mai multe ori în coș',
  'cart.itemAmountMismatch':
    'itemAmount pentru poziția {position} trebuie să fie egal cu itemPrice × quantity ({expected})',

  'reason.tooShort': 'cel puțin {min} caractere',
  'reason.tooLong': 'cel mult {max} caractere',
  'reason.exactLength': 'exact {length} caractere',
  'reason.digits': 'doar cifre, între {min} și {max}',
  'reason.boolean': 'true sau false',
  'reason.oneOf': 'una dintre valorile {values}',
  'reason.dateTime': 'o dată și o oră în formatul yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'un moment din viitor',
  'reason.json': 'un JSON valid',
  'reason.object': 'un obiect JSON',
  'reason.array': 'un tablou JSON',
  'reason.text': 'o valoare text',
  'reason.number': 'un număr',
  'reason.decimals': 'un număr cu cel mult {decimals} zecimale',
  'reason.exactlyOne': 'exact un element',
  'reason.itemsMax': 'cel mult {max} elemente',
  'reason.latin': 'litere latine, spații și caracterele {allowed}',
  'reason.phone': 'între 7 și 15 cifre, inclusiv prefixul țării, opțional precedate de + sau 00',
  'reason.single': 'o singură valoare, nu un parametru repetat',
  'reason.integerRange': 'un număr întreg de la {min} la {max}',
  'reason.cardNumber': 'un număr de card de 15 până la 19 cifre, care trece verificarea Luhn',
  'reason.cardExpiry': 'o dată de expirare a cardului în formatul YYYYMM, care nu este în trecut',
  'reason.originalPayment': 'referința plății prin care au fost salvate datele cardului',
  'reason.seToken': 'date de card criptate cu cheia gateway-ului de plată (RSA-OAEP), nu mai vechi de o oră',

  'actionCode.awaitingPayment': 'Nu a fost efectuată încă nicio încercare de plată',
  'actionCode.paymentExpired': 'Plata a expirat: timpul pentru introducerea datelor cardului s-a scurs',
  'actionCode.doNotHonour': 'Respinsă de emitent: a nu se onora',
  'actionCode.expiredCard': 'Respinsă: cardul a expirat',
  'actionCode.insufficientFunds': 'Respinsă: fonduri insuficiente',
  'actionCode.limitExceeded': 'Respinsă: suma depășește limita cardului',
  'actionCode.lostCard': 'Respinsă: cardul a fost declarat pierdut',
  'actionCode.incorrectCvc': 'Respinsă: codul de securitate al cardului (CVC) este incorect',
  'actionCode.invalidExpiry': 'Respinsă: data de expirare a cardului nu este validă',
  'actionCode.issuerTimeout': 'Respinsă: emitentul nu a răspuns la timp',
  'actionCode.threeDsFailed': 'Respinsă: autentificarea 3-D Secure a eșuat',
  'actionCode.acsNotReturned': 'Respinsă: clientul nu a revenit de la autentificarea 3-D Secure',
  'actionCode.threeDsUnavailable': 'Respinsă: autentificarea 3-D Secure nu a putut fi efectuată',
  'actionCode.challengeFailed': 'Respinsă: clientul nu a trecut verificarea 3-D Secure',
  'actionCode.threeDsRejected': 'Respinsă: emitentul a respins autentificarea 3-D Secure',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Plată',
  'page.merchant': 'Comerciant',
  'page.amount': 'Sumă',
  'page.order': 'Comandă',
  'page.description': 'Descriere',
  'page.timeLeft': 'Timp rămas pentru plată',
  'page.cardNumber': 'Numărul cardului',
  'page.expiry': 'Data expirării (MM/YY)',
  'page.cvc': 'Cod de securitate (CVC)',
  'page.cvcHint': 'Cele 3 cifre de pe spatele cardului',
  'page.cardholder': 'Numele titularului cardului',
  'page.cardholderHint': 'Așa cum este imprimat pe card, cu litere latine',
  'page.pay': 'Plătiți {amount}',
  'page.processing': 'Plata dumneavoastră este în curs de procesare…',
  'page.authenticating': 'Banca dumneavoastră verifică plata…',
  'page.continue': 'Continuați',
  'page.noscript': 'JavaScript este dezactivat: apăsați „Continuați” pentru a merge mai departe.',
  'page.secureNote':
    'Datele cardului dumneavoastră sunt transmise printr-o conexiune criptată și nu sunt afișate niciodată magazinului.',
  'page.errorSummary': 'Vă rugăm să corectați câmpurile marcate mai jos',
  'page.error.cardNumber': 'Introduceți un număr de card valid, de 15 până la 19 cifre',
  'page.error.expiry': 'Introduceți data expirării în formatul MM/YY; aceasta nu trebuie să fie în trecut',
  'page.error.cvc': 'Introduceți codul de securitate din 3 cifre',
  'page.error.cardholder':
    "Introduceți numele așa cum apare pe card: între 2 și 45 de litere latine, spații și . - '",
  'page.declinedNow': 'Plata a fost respinsă. Puteți încerca un alt card.',
  'page.expired.title': 'Această plată a expirat',
  'page.expired.text':
    'Timpul pentru plata acestei comenzi s-a scurs. Vă rugăm să reveniți în magazin și să plasați din nou comanda.',
  'page.paid.title': 'Această comandă este deja plătită',
  'page.paid.text': 'Plata pentru această comandă a fost efectuată; nu mai trebuie să faceți nimic.',
  'page.declined.title': 'Această comandă nu poate fi plătită',
  'page.declined.text':
    'Plata pentru această comandă a fost respinsă sau anulată. Vă rugăm să reveniți în magazin.',
  'page.unknown.title': 'Comanda nu a fost găsită',
  'page.unknown.text':
    'Nu am putut găsi această comandă. Vă rugăm să verificați linkul sau să reveniți în magazin.',
  'page.inProgress.title': 'Plată în curs',
  'page.inProgress.text':
    'Această comandă este deja în curs de plată. Vă rugăm să așteptați puțin și să vă interesați la magazin.',
  'page.back': 'Înapoi la magazin',
  'page.savedCards': 'Cardurile dumneavoastră salvate',
  'page.savedCard': '{card}, valabil până la {expiry}',
  'page.newCard': 'Alt card',
  'page.rememberCard': 'Doresc să salvez acest card pentru următoarele mele cumpărături',
  'page.error.savedCard': 'Alegeți unul dintre cardurile dumneavoastră salvate sau alt card',
};
