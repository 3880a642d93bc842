import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Õnnestus',
  'system.error': 'Süsteemiviga',

  'request.unknownAddress': 'Aadressi {path} ei ole olemas',
  'request.methodNotAllowed': 'Kasutage POST-meetodit ja saatke parameetrid päringu sisus',
  'request.paramsInUrl': 'Parameetrid tuleb saata päringu sisus, mitte aadressis',
  'request.bodyTooLarge': 'Päring on suurem kui {limit} baiti',
  'request.bodyMalformed': 'Päringu sisu ei õnnestunud lugeda vormingus {encoding}',
  'request.contentTypeUnsupported': 'Sisutüüpi {type} siin ei aktsepteerita; kasutage tüüpi {expected}',
  'request.tooManyRequests':
    'Liiga palju päringuid: päringute sageduse piirang on saavutatud, proovige hiljem uuesti',
  'request.tooManySimultaneous': 'Liiga palju samaaegseid päringuid: korraga kõige rohkem {limit}',

  'idempotency.keyInvalid':
    'Päis Idempotency-Key tuleb saata üks kord ja selles peab olema 1 kuni {max} prinditavat ASCII-märki',
  'idempotency.keyReused': 'Seda Idempotency-Key väärtust on juba kasutatud teise päringu jaoks',
  'idempotency.inProgress':
    'Selle Idempotency-Key väärtusega päringut alles töödeldakse; proovige hiljem uuesti',

  'auth.required': 'Nõutav on autentimine: saatke userName ja password või token',
  'auth.ambiguous': 'Saatke kas userName ja password või token, mitte mõlemat',
  'auth.denied': 'Juurdepääs keelatud',
  'auth.throttled':
    'Juurdepääs keelatud: liiga palju ebaõnnestunud katseid, proovige uuesti {seconds} sekundi pärast',

  'signature.required': 'See kaupmees peab päringud allkirjastama päistega X-Hash ja X-Signature',
  'signature.hashMismatch': 'X-Hash ei vasta päringu sisule',
  'signature.invalid': 'Allkirja X-Signature ei õnnestu kaupmehe sertifikaatidega kontrollida',

  'merchant.onBehalfDenied': 'Juurdepääs kaupmehele {merchant} on keelatud',
  'permission.required': 'Kaupmehel puudub õigus kasutada funktsiooni {feature}',
  'mcc.notAllowed': 'MCC {mcc} ei ole kaupmehe lubatud koodide loendis',

  'param.missing': 'Kohustuslik parameeter [{param}] puudub',
  'param.invalid': 'Parameetri [{param}] väärtus on vigane: oodati {reason}',
  'param.urlInvalid':
    'Parameeter [{param}] peab olema täielik aadress koos protokolliga (http:// või https://)',
  'param.conflict': 'Parameetreid [{param}] ja [{other}] ei saa koos kasutada',
  'currency.unknown': 'Tundmatu valuuta [{currency}]',

  'order.numberDuplicate': 'Antud tellimuse numbriga tellimus on juba töödeldud',
  'order.notFound': 'Tellimust ei leitud',
  'order.referenceMissing': 'Oodati [orderId] või [orderNumber]',
  'order.notPayable': 'Tellimust ei saa selle praeguses olekus tasuda',
  'feature.notEnabled':
    'Parameeter [{param}] ei ole veel saadaval: funktsioon {feature} ei ole selles makselüüsis lubatud',
  'payment.approved': 'Teie tellimus on töödeldud, toimub ümbersuunamine...',
  'payment.declined': 'Maksest keelduti',
  'payment.threeDsMethod':
    'Klient tuleb autentida 3-D Secure 2 abil: käivitage 3DS Method ja korrake seejärel päringut parameetriga threeDSServerTransId',
  'payment.threeDsChallenge': 'Kaardi väljastaja palub kliendil end autentida: suunake klient ACS-i',

  'cart.positionDuplicate': 'positionId {position} esineb ostukorvis rohkem kui üks kord',
  'cart.itemAmountMismatch':
    'Positsiooni {position} itemAmount peab võrduma itemPrice × quantity väärtusega ({expected})',

  'reason.tooShort': 'vähemalt {min} märki',
  'reason.tooLong': 'kõige rohkem {max} märki',
  'reason.exactLength': 'täpselt {length} märki',
  'reason.digits': 'ainult numbreid, {min} kuni {max}',
  'reason.boolean': 'true või false',
  'reason.oneOf': 'üht väärtustest {values}',
  'reason.dateTime': 'kuupäeva ja kellaaega vormingus yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'tulevikus olevat ajahetke',
  'reason.json': 'kehtivat JSON-i',
  'reason.object': 'JSON-objekti',
  'reason.array': 'JSON-massiivi',
  'reason.text': 'tekstiväärtust',
  'reason.number': 'arvu',
  'reason.decimals': 'arvu, milles on kõige rohkem {decimals} komakohta',
  'reason.exactlyOne': 'täpselt üht elementi',
  'reason.itemsMax': 'kõige rohkem {max} elementi',
  'reason.latin': 'ladina tähti, tühikuid ja märke {allowed}',
  'reason.phone': '7 kuni 15 numbrit koos riigikoodiga, soovi korral + või 00 järel',
  'reason.single': 'üht väärtust, mitte korduvat parameetrit',
  'reason.integerRange': 'täisarvu vahemikus {min} kuni {max}',
  'reason.cardNumber': '15 kuni 19 numbrist koosnevat kaardinumbrit, mis läbib Luhn-kontrolli',
  'reason.cardExpiry': 'kaardi aegumiskuupäeva vormingus YYYYMM, mis ei ole minevikus',
  'reason.seToken':
    'makselüüsi võtmega (RSA-OAEP) krüpteeritud kaardiandmeid, mis ei ole vanemad kui üks tund',

  'actionCode.awaitingPayment': 'Maksekatset ei ole veel tehtud',
  'actionCode.paymentExpired': 'Makse on aegunud: kaardiandmete sisestamise aeg sai otsa',
  'actionCode.doNotHonour': 'Kaardi väljastaja keeldus: tehingut ei teostata',
  'actionCode.expiredCard': 'Keeldutud: kaart on aegunud',
  'actionCode.insufficientFunds': 'Keeldutud: kontol ei ole piisavalt vahendeid',
  'actionCode.limitExceeded': 'Keeldutud: summa ületab kaardi limiiti',
  'actionCode.lostCard': 'Keeldutud: kaardi kadumisest on teatatud',
  'actionCode.incorrectCvc': 'Keeldutud: kaardi turvakood (CVC) on vale',
  'actionCode.invalidExpiry': 'Keeldutud: kaardi aegumiskuupäev on vigane',
  'actionCode.issuerTimeout': 'Keeldutud: kaardi väljastaja ei vastanud õigeaegselt',
  'actionCode.threeDsFailed': 'Keeldutud: 3-D Secure autentimine ebaõnnestus',
  'actionCode.acsNotReturned': 'Keeldutud: klient ei naasnud 3-D Secure autentimiselt',
  'actionCode.threeDsUnavailable': 'Keeldutud: 3-D Secure autentimist ei olnud võimalik teha',
  'actionCode.challengeFailed': 'Keeldutud: klient ei läbinud 3-D Secure kontrolli',
  'actionCode.threeDsRejected': 'Keeldutud: kaardi väljastaja lükkas 3-D Secure autentimise tagasi',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Makse',
  'page.merchant': 'Kaupmees',
  'page.amount': 'Summa',
  'page.order': 'Tellimus',
  'page.description': 'Kirjeldus',
  'page.timeLeft': 'Maksmiseks jäänud aeg',
  'page.cardNumber': 'Kaardi number',
  'page.expiry': 'Kehtivusaeg (MM/YY)',
  'page.cvc': 'Turvakood (CVC)',
  'page.cvcHint': 'Kaardi tagaküljel olevad 3 numbrit',
  'page.cardholder': 'Kaardiomaniku nimi',
  'page.cardholderHint': 'Nagu kaardile trükitud, ladina tähtedega',
  'page.pay': 'Maksa {amount}',
  'page.processing': 'Teie makset töödeldakse…',
  'page.authenticating': 'Teie pank kontrollib makset…',
  'page.continue': 'Jätka',
  'page.noscript': 'JavaScript on välja lülitatud: jätkamiseks vajutage nuppu Jätka.',
  'page.secureNote':
    'Teie kaardiandmed saadetakse krüpteeritud ühenduse kaudu ja neid ei näidata kunagi poele.',
  'page.errorSummary': 'Palun parandage allpool märgitud väljad',
  'page.error.cardNumber': 'Sisestage kehtiv 15–19-kohaline kaardinumber',
  'page.error.expiry': 'Sisestage kehtivusaeg kujul MM/YY; see ei tohi olla minevikus',
  'page.error.cvc': 'Sisestage 3-kohaline turvakood',
  'page.error.cardholder': "Sisestage nimi nagu kaardil: 2 kuni 45 ladina tähte, tühikud ja . - '",
  'page.declinedNow': 'Makse lükati tagasi. Võite proovida mõnda teist kaarti.',
  'page.expired.title': 'See makse on aegunud',
  'page.expired.text':
    'Selle tellimuse eest tasumise aeg on läbi. Palun naaske poodi ja esitage tellimus uuesti.',
  'page.paid.title': 'See tellimus on juba tasutud',
  'page.paid.text': 'Selle tellimuse eest on juba tasutud; rohkem pole vaja midagi teha.',
  'page.declined.title': 'Seda tellimust ei saa tasuda',
  'page.declined.text': 'Selle tellimuse makse lükati tagasi või tühistati. Palun naaske poodi.',
  'page.unknown.title': 'Tellimust ei leitud',
  'page.unknown.text': 'Me ei leidnud seda tellimust. Palun kontrollige linki või naaske poodi.',
  'page.inProgress.title': 'Makse on töötlemisel',
  'page.inProgress.text': 'Selle tellimuse eest juba makstakse. Palun oodake hetk ja küsige poest järele.',
  'page.back': 'Tagasi poodi',
};
