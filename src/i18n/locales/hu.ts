import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Sikeres',
  'system.error': 'Rendszerhiba',

  'request.unknownAddress': 'A(z) {path} cím nem létezik',
  'request.methodNotAllowed': 'Használja a POST metódust, és a paramétereket a kérés törzsében küldje el',
  'request.paramsInUrl': 'A paramétereket a kérés törzsében kell elküldeni, nem a címben',
  'request.bodyTooLarge': 'A kérés nagyobb, mint {limit} bájt',
  'request.bodyMalformed': 'A kérés törzse nem olvasható be a következő formátumban: {encoding}',
  'request.contentTypeUnsupported': 'A(z) {type} tartalomtípus itt nem elfogadott; használja ezt: {expected}',
  'request.tooManyRequests':
    'Túl sok kérés: elérte a kérések gyakoriságára vonatkozó korlátot, próbálja újra később',
  'request.tooManySimultaneous': 'Túl sok egyidejű kérés: egyszerre legfeljebb {limit}',

  'idempotency.keyInvalid':
    'Az Idempotency-Key fejlécet egyszer kell elküldeni, 1–{max} nyomtatható ASCII-karakterrel',
  'idempotency.keyReused': 'Ezt az Idempotency-Key értéket már egy másik kéréshez használták',
  'idempotency.inProgress':
    'Egy ezzel az Idempotency-Key értékkel küldött kérés feldolgozása még folyamatban van; próbálja újra később',

  'auth.required': 'Hitelesítés szükséges: küldje el a userName és password, vagy a token paramétert',
  'auth.ambiguous': 'Vagy a userName és password, vagy a token paramétert küldje el, ne mindkettőt',
  'auth.denied': 'Hozzáférés megtagadva',
  'auth.throttled':
    'Hozzáférés megtagadva: túl sok sikertelen kísérlet, próbálja újra {seconds} másodperc múlva',

  'signature.required': 'Ennek a kereskedőnek az X-Hash és X-Signature fejlécekkel kell aláírnia a kéréseket',
  'signature.hashMismatch': 'Az X-Hash nem egyezik a kérés törzsével',
  'signature.invalid': 'Az X-Signature nem ellenőrizhető a kereskedő tanúsítványaival',

  'merchant.onBehalfDenied': 'Hozzáférés megtagadva a(z) {merchant} kereskedőhöz',
  'permission.required': 'A kereskedő nem jogosult a(z) {feature} használatára',
  'mcc.notAllowed': 'A(z) {mcc} MCC nem szerepel a kereskedő engedélyezett kódjainak listáján',

  'param.missing': 'Hiányzik a kötelező [{param}] paraméter',
  'param.empty': 'A(z) [{param}] üres',
  'param.invalid': 'A(z) [{param}] paraméter értéke érvénytelen, elvárt: {reason}',
  'param.urlInvalid':
    'A(z) [{param}] paraméternek teljes címnek kell lennie, a protokollal együtt (http:// vagy https://)',
  'param.conflict': 'A(z) [{param}] és [{other}] paraméter nem használható együtt',
  'currency.unknown': 'Ismeretlen pénznem [{currency}]',

  'order.numberDuplicate': 'A megadott rendelésszámú rendelést már feldolgozták',
  'order.notFound': 'A rendelés nem található',
  'order.referenceMissing': '[orderId] vagy [orderNumber] megadása szükséges',
  'order.notPayable': 'A rendelés jelenlegi állapotában nem fizethető ki',
  'feature.notEnabled':
    'A(z) [{param}] paraméter még nem érhető el: a(z) {feature} funkció nincs engedélyezve ezen a fizetési átjárón',
  'binding.notFound': 'A mentett kártya nem található',
  'binding.notActive': 'A mentett kártya nem aktív',
  'binding.active': 'A mentett kártya aktív',
  'binding.expired': 'A mentett kártya lejárt',
  'payment.approved': 'Rendelését feldolgoztuk, átirányítás folyamatban...',
  'payment.declined': 'Fizetés elutasítva',
  'payment.threeDsMethod':
    'Az ügyfelet 3-D Secure 2 hitelesítéssel kell azonosítani: futtassa a 3DS Method lépést, majd ismételje meg a kérést a threeDSServerTransId értékkel',
  'payment.threeDsChallenge':
    'A kártyakibocsátó az ügyfél hitelesítését kéri: irányítsa át az ügyfelet az ACS-hez',

  'cart.positionDuplicate': 'A(z) {position} positionId többször is szerepel a kosárban',
  'cart.itemAmountMismatch':
    'A(z) {position} tétel itemAmount értékének meg kell egyeznie az itemPrice × quantity értékkel ({expected})',

  'reason.tooShort': 'legalább {min} karakter',
  'reason.tooLong': 'legfeljebb {max} karakter',
  'reason.exactLength': 'pontosan {length} karakter',
  'reason.digits': 'csak számjegyek, {min}–{max} darab',
  'reason.boolean': 'true vagy false',
  'reason.oneOf': '{values} valamelyike',
  'reason.dateTime': 'dátum és idő yyyy-MM-ddTHH:mm:ss formátumban',
  'reason.future': 'jövőbeli időpont',
  'reason.json': 'érvényes JSON',
  'reason.object': 'JSON-objektum',
  'reason.array': 'JSON-tömb',
  'reason.text': 'szöveges érték',
  'reason.number': 'szám',
  'reason.decimals': 'legfeljebb {decimals} tizedesjegyet tartalmazó szám',
  'reason.exactlyOne': 'pontosan egy elem',
  'reason.itemsMax': 'legfeljebb {max} elem',
  'reason.latin': 'latin betűk, szóközök és a(z) {allowed} karakterek',
  'reason.phone': '7–15 számjegy az országkóddal együtt, opcionálisan + vagy 00 előtaggal',
  'reason.single': 'egyetlen érték, nem ismételt paraméter',
  'reason.integerRange': 'egész szám {min} és {max} között',
  'reason.cardNumber': 'Luhn-ellenőrzésen átmenő, 15–19 számjegyből álló kártyaszám',
  'reason.cardExpiry': 'kártyalejárati dátum YYYYMM formátumban, amely nem múltbeli',
  'reason.originalPayment': 'a kártyaadatok mentésekor végrehajtott fizetés hivatkozási száma',
  'reason.seToken': 'a fizetési átjáró kulcsával (RSA-OAEP) titkosított, egy óránál nem régebbi kártyaadatok',

  'actionCode.awaitingPayment': 'Még nem történt fizetési kísérlet',
  'actionCode.paymentExpired': 'A fizetés lejárt: a kártyaadatok megadására rendelkezésre álló idő letelt',
  'actionCode.doNotHonour': 'A kártyakibocsátó elutasította: nem teljesíthető',
  'actionCode.expiredCard': 'Elutasítva: a kártya lejárt',
  'actionCode.insufficientFunds': 'Elutasítva: nincs elegendő fedezet',
  'actionCode.limitExceeded': 'Elutasítva: az összeg meghaladja a kártyalimitet',
  'actionCode.lostCard': 'Elutasítva: a kártyát elveszettként jelentették be',
  'actionCode.incorrectCvc': 'Elutasítva: a kártya biztonsági kódja (CVC) helytelen',
  'actionCode.invalidExpiry': 'Elutasítva: a kártya lejárati dátuma érvénytelen',
  'actionCode.issuerTimeout': 'Elutasítva: a kártyakibocsátó nem válaszolt időben',
  'actionCode.threeDsFailed': 'Elutasítva: a 3-D Secure hitelesítés sikertelen',
  'actionCode.acsNotReturned': 'Elutasítva: az ügyfél nem tért vissza a 3-D Secure hitelesítésből',
  'actionCode.threeDsUnavailable': 'Elutasítva: a 3-D Secure hitelesítést nem lehetett elvégezni',
  'actionCode.challengeFailed': 'Elutasítva: az ügyfél nem teljesítette a 3-D Secure ellenőrzést',
  'actionCode.threeDsRejected': 'Elutasítva: a kártyakibocsátó elutasította a 3-D Secure hitelesítést',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Fizetés',
  'page.merchant': 'Kereskedő',
  'page.amount': 'Összeg',
  'page.order': 'Rendelés',
  'page.description': 'Leírás',
  'page.timeLeft': 'Fizetésre hátralévő idő',
  'page.cardNumber': 'Kártyaszám',
  'page.expiry': 'Lejárati dátum (MM/YY)',
  'page.cvc': 'Biztonsági kód (CVC)',
  'page.cvcHint': 'A kártya hátoldalán található 3 számjegy',
  'page.cardholder': 'Kártyabirtokos neve',
  'page.cardholderHint': 'Ahogy a kártyán szerepel, latin betűkkel',
  'page.pay': 'Fizetés: {amount}',
  'page.processing': 'Fizetését feldolgozzuk…',
  'page.authenticating': 'Bankja ellenőrzi a fizetést…',
  'page.continue': 'Tovább',
  'page.noscript': 'A JavaScript ki van kapcsolva: a folytatáshoz nyomja meg a Tovább gombot.',
  'page.secureNote':
    'Kártyaadatait titkosított kapcsolaton keresztül továbbítjuk, és azokat a webáruház soha nem látja.',
  'page.errorSummary': 'Kérjük, javítsa az alább megjelölt mezőket',
  'page.error.cardNumber': 'Adjon meg egy érvényes, 15–19 számjegyből álló kártyaszámot',
  'page.error.expiry': 'Adja meg a lejárati dátumot MM/YY formátumban; nem lehet múltbeli',
  'page.error.cvc': 'Adja meg a 3 számjegyű biztonsági kódot',
  'page.error.cardholder': "Adja meg a nevet a kártyán szereplő módon: 2–45 latin betű, szóköz és . - '",
  'page.declinedNow': 'A fizetést elutasították. Megpróbálhatja egy másik kártyával.',
  'page.expired.title': 'Ez a fizetés lejárt',
  'page.expired.text':
    'A rendelés kifizetésére rendelkezésre álló idő lejárt. Kérjük, térjen vissza a webáruházba, és rendeljen újra.',
  'page.paid.title': 'Ez a rendelés már ki van fizetve',
  'page.paid.text': 'A rendelés kifizetése megtörtént; nincs további teendője.',
  'page.declined.title': 'Ez a rendelés nem fizethető ki',
  'page.declined.text':
    'A rendelés kifizetését elutasították vagy visszavonták. Kérjük, térjen vissza a webáruházba.',
  'page.unknown.title': 'A rendelés nem található',
  'page.unknown.text':
    'Nem találtuk ezt a rendelést. Kérjük, ellenőrizze a hivatkozást, vagy térjen vissza a webáruházba.',
  'page.inProgress.title': 'Fizetés folyamatban',
  'page.inProgress.text':
    'A rendelés kifizetése már folyamatban van. Kérjük, várjon egy kicsit, és érdeklődjön a webáruháznál.',
  'page.back': 'Vissza a webáruházba',
  'page.savedCards': 'Mentett kártyái',
  'page.savedCard': '{card}, érvényes eddig: {expiry}',
  'page.newCard': 'Másik kártya',
  'page.rememberCard': 'A kártya mentése a következő vásárlásaimhoz',
  'page.error.savedCard': 'Válasszon egyet mentett kártyái közül, vagy egy másik kártyát',
};
