import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Onnistui',
  'system.error': 'Järjestelmävirhe',

  'request.unknownAddress': 'Osoitetta {path} ei ole olemassa',
  'request.methodNotAllowed': 'Käytä POST-menetelmää ja lähetä parametrit pyynnön rungossa',
  'request.paramsInUrl': 'Parametrit on lähetettävä pyynnön rungossa, ei osoitteessa',
  'request.bodyTooLarge': 'Pyyntö on suurempi kuin {limit} tavua',
  'request.bodyMalformed': 'Pyynnön runkoa ei voitu lukea muodossa {encoding}',
  'request.contentTypeUnsupported': 'Sisältötyyppiä {type} ei hyväksytä tässä; käytä tyyppiä {expected}',
  'request.tooManyRequests':
    'Liian monta pyyntöä: pyyntötiheyden raja on saavutettu, yritä myöhemmin uudelleen',
  'request.tooManySimultaneous': 'Liian monta samanaikaista pyyntöä: enintään {limit} kerrallaan',

  'idempotency.keyInvalid':
    'Idempotency-Key-otsake on lähetettävä kerran, ja siinä on oltava 1–{max} tulostettavaa ASCII-merkkiä',
  'idempotency.keyReused': 'Tätä Idempotency-Key-arvoa on jo käytetty toiseen pyyntöön',
  'idempotency.inProgress':
    'Pyyntöä tällä Idempotency-Key-arvolla käsitellään vielä; yritä myöhemmin uudelleen',

  'auth.required': 'Todennus vaaditaan: lähetä userName ja password tai token',
  'auth.ambiguous': 'Lähetä joko userName ja password tai token, ei molempia',
  'auth.denied': 'Pääsy estetty',
  'auth.throttled':
    'Pääsy estetty: liian monta epäonnistunutta yritystä, yritä uudelleen {seconds} sekunnin kuluttua',

  'signature.required': 'Tämän kauppiaan on allekirjoitettava pyynnöt X-Hash- ja X-Signature-otsakkeilla',
  'signature.hashMismatch': 'X-Hash ei vastaa pyynnön runkoa',
  'signature.invalid': 'X-Signature-allekirjoitusta ei voida vahvistaa kauppiaan varmenteilla',

  'merchant.onBehalfDenied': 'Pääsy kauppiaan {merchant} tietoihin on estetty',
  'permission.required': 'Kauppiaalla ei ole oikeutta käyttää toimintoa {feature}',
  'mcc.notAllowed': 'MCC-koodi {mcc} ei ole kauppiaan sallittujen koodien luettelossa',

  'param.missing': 'Pakollinen parametri [{param}] puuttuu',
  'param.invalid': 'Parametrin [{param}] arvo on virheellinen: odotettiin {reason}',
  'param.urlInvalid':
    'Parametrin [{param}] on oltava täydellinen osoite protokolla mukaan lukien (http:// tai https://)',
  'param.conflict': 'Parametreja [{param}] ja [{other}] ei voi käyttää yhdessä',
  'currency.unknown': 'Tuntematon valuutta [{currency}]',

  'order.numberDuplicate': 'Tilaus annetulla tilausnumerolla on jo käsitelty',
  'order.notFound': 'Tilausta ei löytynyt',
  'order.referenceMissing': 'Odotettiin [orderId] tai [orderNumber]',
  'order.notPayable': 'Tilausta ei voi maksaa sen nykyisessä tilassa',
  'feature.notEnabled':
    'Parametri [{param}] ei ole vielä käytettävissä: toimintoa {feature} ei ole otettu käyttöön tässä maksuyhdyskäytävässä',
  'payment.approved': 'Tilauksesi on käsitelty, sinut ohjataan eteenpäin...',
  'payment.declined': 'Maksu hylätty',

  'cart.positionDuplicate': 'positionId {position} esiintyy ostoskorissa useammin kuin kerran',
  'cart.itemAmountMismatch':
    'Rivin {position} itemAmount-arvon on oltava yhtä suuri kuin itemPrice × quantity ({expected})',

  'reason.tooShort': 'vähintään {min} merkkiä',
  'reason.tooLong': 'enintään {max} merkkiä',
  'reason.exactLength': 'tasan {length} merkkiä',
  'reason.digits': 'vain numeroita, {min}–{max} kappaletta',
  'reason.boolean': 'true tai false',
  'reason.oneOf': 'yhtä arvoista {values}',
  'reason.dateTime': 'päivämäärää ja kellonaikaa muodossa yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'tulevaa ajankohtaa',
  'reason.json': 'kelvollista JSONia',
  'reason.object': 'JSON-objektia',
  'reason.array': 'JSON-taulukkoa',
  'reason.text': 'tekstiarvoa',
  'reason.number': 'lukua',
  'reason.decimals': 'lukua, jossa on enintään {decimals} desimaalia',
  'reason.exactlyOne': 'täsmälleen yhtä alkiota',
  'reason.itemsMax': 'enintään {max} alkiota',
  'reason.latin': 'latinalaisia kirjaimia, välilyöntejä ja merkkejä {allowed}',
  'reason.phone': '7–15 numeroa maatunnus mukaan lukien, valinnaisesti + tai 00 -etuliitteen jälkeen',
  'reason.single': 'yksittäistä arvoa, ei toistettua parametria',
  'reason.integerRange': 'kokonaislukua väliltä {min}–{max}',
  'reason.cardNumber': '15–19-numeroista korttinumeroa, joka läpäisee Luhn-tarkistuksen',
  'reason.cardExpiry': 'kortin voimassaolopäivää muodossa YYYYMM, joka ei ole menneisyydessä',
  'reason.seToken':
    'maksuyhdyskäytävän avaimella (RSA-OAEP) salattuja korttitietoja, jotka eivät ole tuntia vanhempia',

  'actionCode.awaitingPayment': 'Maksuyritystä ei ole vielä tehty',
  'actionCode.paymentExpired': 'Maksu on vanhentunut: korttitietojen syöttämiseen varattu aika päättyi',
  'actionCode.doNotHonour': 'Hylätty: kortin myöntäjä ei hyväksy tapahtumaa',
  'actionCode.expiredCard': 'Hylätty: kortti on vanhentunut',
  'actionCode.insufficientFunds': 'Hylätty: riittämätön kate',
  'actionCode.limitExceeded': 'Hylätty: summa ylittää kortin käyttörajan',
  'actionCode.lostCard': 'Hylätty: kortti on ilmoitettu kadonneeksi',
  'actionCode.incorrectCvc': 'Hylätty: kortin turvakoodi (CVC) on virheellinen',
  'actionCode.invalidExpiry': 'Hylätty: kortin voimassaolopäivä on virheellinen',
  'actionCode.issuerTimeout': 'Hylätty: kortin myöntäjä ei vastannut ajoissa',
};
