import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Sėkmingai',
  'system.error': 'Sistemos klaida',

  'request.unknownAddress': 'Adresas {path} neegzistuoja',
  'request.methodNotAllowed': 'Naudokite POST metodą ir parametrus perduokite užklausos turinyje',
  'request.paramsInUrl': 'Parametrai turi būti siunčiami užklausos turinyje, o ne adrese',
  'request.bodyTooLarge': 'Užklausa viršija {limit} baitų',
  'request.bodyMalformed': 'Užklausos turinio nepavyko nuskaityti kaip {encoding}',
  'request.contentTypeUnsupported': 'Turinio tipas {type} čia nepriimamas; naudokite {expected}',
  'request.tooManyRequests': 'Per daug užklausų: pasiektas užklausų dažnio limitas, bandykite vėliau',
  'request.tooManySimultaneous': 'Per daug vienu metu vykdomų užklausų: ne daugiau kaip {limit} vienu metu',

  'idempotency.keyInvalid':
    'Antraštė Idempotency-Key turi būti siunčiama vieną kartą ir turėti nuo 1 iki {max} spausdinamų ASCII simbolių',
  'idempotency.keyReused': 'Šis Idempotency-Key jau panaudotas kitai užklausai',
  'idempotency.inProgress': 'Užklausa su šiuo Idempotency-Key dar apdorojama; bandykite vėliau',

  'auth.required': 'Būtina autentifikacija: pateikite userName ir password arba token',
  'auth.ambiguous': 'Pateikite arba userName ir password, arba token, bet ne abu',
  'auth.denied': 'Prieiga uždrausta',
  'auth.throttled': 'Prieiga uždrausta: per daug nesėkmingų bandymų, bandykite dar kartą po {seconds} s',

  'signature.required': 'Šis prekybininkas privalo pasirašyti užklausas antraštėmis X-Hash ir X-Signature',
  'signature.hashMismatch': 'X-Hash neatitinka užklausos turinio',
  'signature.invalid': 'X-Signature nepavyksta patvirtinti prekybininko sertifikatais',

  'merchant.onBehalfDenied': 'Prieiga prie prekybininko {merchant} uždrausta',
  'permission.required': 'Prekybininkui neleidžiama naudoti {feature}',
  'mcc.notAllowed': 'MCC {mcc} nėra prekybininko leidžiamų kodų sąraše',

  'param.missing': 'Trūksta privalomo parametro [{param}]',
  'param.invalid': 'Netinkama parametro [{param}] reikšmė: tikėtasi {reason}',
  'param.urlInvalid': 'Parametras [{param}] turi būti visas adresas su protokolu (http:// arba https://)',
  'param.conflict': 'Parametrų [{param}] ir [{other}] negalima naudoti kartu',
  'currency.unknown': 'Nežinoma valiuta [{currency}]',

  'order.numberDuplicate': 'Užsakymas nurodytu užsakymo numeriu jau apdorotas',
  'order.notFound': 'Užsakymas nerastas',
  'order.referenceMissing': 'Tikėtasi [orderId] arba [orderNumber]',
  'order.notPayable': 'Esamos būsenos užsakymo apmokėti negalima',
  'feature.notEnabled':
    'Parametras [{param}] dar nepasiekiamas: šiame mokėjimų šliuze funkcija {feature} neįjungta',
  'payment.approved': 'Jūsų užsakymas apdorotas, nukreipiama...',
  'payment.declined': 'Mokėjimas atmestas',

  'cart.positionDuplicate': 'positionId {position} krepšelyje pasikartoja daugiau nei kartą',
  'cart.itemAmountMismatch':
    'Pozicijos {position} itemAmount turi būti lygus itemPrice × quantity ({expected})',

  'reason.tooShort': 'bent {min} simbolių',
  'reason.tooLong': 'ne daugiau kaip {max} simbolių',
  'reason.exactLength': 'lygiai {length} simbolių',
  'reason.digits': 'tik skaitmenų, nuo {min} iki {max}',
  'reason.boolean': 'true arba false',
  'reason.oneOf': 'vienos iš reikšmių {values}',
  'reason.dateTime': 'datos ir laiko formatu yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'ateities laiko momento',
  'reason.json': 'galiojančio JSON',
  'reason.object': 'JSON objekto',
  'reason.array': 'JSON masyvo',
  'reason.text': 'tekstinės reikšmės',
  'reason.number': 'skaičiaus',
  'reason.decimals': 'skaičiaus, turinčio ne daugiau kaip {decimals} skaitmenų po kablelio',
  'reason.exactlyOne': 'lygiai vieno elemento',
  'reason.itemsMax': 'ne daugiau kaip {max} elementų',
  'reason.latin': 'lotyniškų raidžių, tarpų ir simbolių {allowed}',
  'reason.phone': 'nuo 7 iki 15 skaitmenų su šalies kodu, pasirinktinai po + arba 00',
  'reason.single': 'vienos reikšmės, o ne pakartoto parametro',
  'reason.integerRange': 'sveikojo skaičiaus nuo {min} iki {max}',
  'reason.cardNumber': 'kortelės numerio iš 15–19 skaitmenų, atitinkančio Luhn patikrą',
  'reason.cardExpiry': 'kortelės galiojimo pabaigos datos formatu YYYYMM, kuri nėra praeityje',
  'reason.seToken':
    'mokėjimų šliuzo raktu (RSA-OAEP) užšifruotų kortelės duomenų, ne senesnių nei viena valanda',

  'actionCode.awaitingPayment': 'Dar nebandyta atlikti mokėjimo',
  'actionCode.paymentExpired': 'Mokėjimas nebegalioja: baigėsi kortelės duomenų įvedimo laikas',
  'actionCode.doNotHonour': 'Kortelės išdavėjas atmetė mokėjimą: neaptarnauti',
  'actionCode.expiredCard': 'Atmesta: kortelės galiojimo laikas baigėsi',
  'actionCode.insufficientFunds': 'Atmesta: nepakanka lėšų',
  'actionCode.limitExceeded': 'Atmesta: suma viršija kortelės limitą',
  'actionCode.lostCard': 'Atmesta: pranešta, kad kortelė prarasta',
  'actionCode.incorrectCvc': 'Atmesta: neteisingas kortelės saugos kodas (CVC)',
  'actionCode.invalidExpiry': 'Atmesta: neteisinga kortelės galiojimo pabaigos data',
  'actionCode.issuerTimeout': 'Atmesta: kortelės išdavėjas laiku neatsakė',
};
