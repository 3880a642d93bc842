import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Imefanikiwa',
  'system.error': 'Hitilafu ya mfumo',

  'request.unknownAddress': 'Anwani {path} haipo',
  'request.methodNotAllowed': 'Tumia POST pamoja na vigezo katika mwili wa ombi',
  'request.paramsInUrl': 'Vigezo lazima vitumwe katika mwili wa ombi, si katika anwani',
  'request.bodyTooLarge': 'Ombi ni kubwa kuliko baiti {limit}',
  'request.bodyMalformed': 'Mwili wa ombi haukuweza kusomwa kama {encoding}',
  'request.contentTypeUnsupported': 'Aina ya maudhui {type} haikubaliwi hapa; tumia {expected}',
  'request.tooManyRequests':
    'Maombi mengi mno: kikomo cha kasi ya maombi kimefikiwa, tafadhali jaribu tena baadaye',
  'request.tooManySimultaneous': 'Maombi mengi mno kwa wakati mmoja: yasizidi {limit} kwa wakati mmoja',

  'idempotency.keyInvalid':
    'Kichwa Idempotency-Key lazima kitumwe mara moja, chenye herufi 1 hadi {max} za ASCII zinazochapishika',
  'idempotency.keyReused': 'Idempotency-Key hii tayari imetumika kwa ombi jingine',
  'idempotency.inProgress':
    'Ombi lenye Idempotency-Key hii bado linashughulikiwa; tafadhali jaribu tena baadaye',

  'auth.required': 'Uthibitishaji unahitajika: tuma userName na password, au token',
  'auth.ambiguous': 'Tuma ama userName na password, au token, si vyote viwili',
  'auth.denied': 'Ufikiaji umekataliwa',
  'auth.throttled':
    'Ufikiaji umekataliwa: majaribio mengi mno yameshindwa, tafadhali jaribu tena baada ya sekunde {seconds}',

  'signature.required':
    'Mfanyabiashara huyu lazima atie sahihi maombi kwa kutumia vichwa X-Hash na X-Signature',
  'signature.hashMismatch': 'X-Hash hailingani na mwili wa ombi',
  'signature.invalid': 'X-Signature haiwezi kuthibitishwa kwa vyeti vya mfanyabiashara',

  'merchant.onBehalfDenied': 'Ufikiaji wa mfanyabiashara {merchant} umekataliwa',
  'permission.required': 'Mfanyabiashara haruhusiwi kutumia {feature}',
  'mcc.notAllowed': 'MCC {mcc} haimo katika orodha ya misimbo inayoruhusiwa ya mfanyabiashara',

  'param.missing': 'Kigezo cha lazima [{param}] hakipo',
  'param.invalid': 'Thamani batili ya kigezo [{param}]: inatarajiwa {reason}',
  'param.urlInvalid': 'Kigezo [{param}] lazima kiwe anwani kamili ikijumuisha itifaki (http:// au https://)',
  'param.conflict': 'Vigezo [{param}] na [{other}] haviwezi kutumika pamoja',
  'currency.unknown': 'Sarafu isiyojulikana [{currency}]',

  'order.numberDuplicate': 'Agizo lenye nambari hii ya agizo tayari limeshughulikiwa',
  'order.notFound': 'Agizo halikupatikana',
  'order.referenceMissing': 'Inatarajiwa [orderId] au [orderNumber]',
  'order.notPayable': 'Agizo haliwezi kulipiwa katika hali yake ya sasa',
  'feature.notEnabled':
    'Kigezo [{param}] bado hakipatikani: huduma ya {feature} haijawezeshwa kwenye lango hili la malipo',
  'payment.approved': 'Agizo lako limeshughulikiwa, unaelekezwa upya...',
  'payment.declined': 'Malipo yamekataliwa',
  'payment.threeDsMethod':
    'Mteja lazima athibitishwe kwa 3-D Secure 2: endesha 3DS Method, kisha rudia ombi pamoja na threeDSServerTransId',
  'payment.threeDsChallenge': 'Mtoaji wa kadi anaomba mteja ajithibitishe: mwelekeze mteja kwenye ACS',

  'cart.positionDuplicate': 'positionId {position} inajitokeza zaidi ya mara moja kwenye kikapu',
  'cart.itemAmountMismatch':
    'itemAmount ya kipengee {position} lazima iwe sawa na itemPrice × quantity ({expected})',

  'reason.tooShort': 'angalau herufi {min}',
  'reason.tooLong': 'herufi zisizozidi {max}',
  'reason.exactLength': 'herufi {length} kamili',
  'reason.digits': 'tarakimu pekee, kati ya {min} na {max}',
  'reason.boolean': 'true au false',
  'reason.oneOf': 'mojawapo ya {values}',
  'reason.dateTime': 'tarehe na saa katika muundo yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'wakati ujao',
  'reason.json': 'JSON halali',
  'reason.object': 'kitu cha JSON',
  'reason.array': 'safu ya JSON',
  'reason.text': 'thamani ya maandishi',
  'reason.number': 'nambari',
  'reason.decimals': 'nambari yenye nafasi za desimali zisizozidi {decimals}',
  'reason.exactlyOne': 'kipengele kimoja tu',
  'reason.itemsMax': 'vipengele visivyozidi {max}',
  'reason.latin': 'herufi za Kilatini, nafasi na alama {allowed}',
  'reason.phone': 'tarakimu 7 hadi 15 ikijumuisha msimbo wa nchi, kwa hiari baada ya + au 00',
  'reason.single': 'thamani moja, si kigezo kilichorudiwa',
  'reason.integerRange': 'nambari kamili kuanzia {min} hadi {max}',
  'reason.cardNumber': 'nambari ya kadi yenye tarakimu 15 hadi 19 inayopita ukaguzi wa Luhn',
  'reason.cardExpiry': 'tarehe ya kuisha kwa muda wa kadi katika muundo YYYYMM ambayo haijapita',
  'reason.seToken':
    'data za kadi zilizosimbwa fiche kwa ufunguo wa lango la malipo (RSA-OAEP), zisizozidi umri wa saa moja',

  'actionCode.awaitingPayment': 'Bado hakuna jaribio la malipo lililofanywa',
  'actionCode.paymentExpired': 'Muda wa malipo umekwisha: muda wa kuingiza taarifa za kadi umeisha',
  'actionCode.doNotHonour': 'Imekataliwa na mtoaji wa kadi: muamala haukubaliwi',
  'actionCode.expiredCard': 'Imekataliwa: muda wa matumizi ya kadi umekwisha',
  'actionCode.insufficientFunds': 'Imekataliwa: salio halitoshi',
  'actionCode.limitExceeded': 'Imekataliwa: kiasi kinazidi kikomo cha kadi',
  'actionCode.lostCard': 'Imekataliwa: kadi imeripotiwa kuwa imepotea',
  'actionCode.incorrectCvc': 'Imekataliwa: msimbo wa usalama wa kadi (CVC) si sahihi',
  'actionCode.invalidExpiry': 'Imekataliwa: tarehe ya kuisha kwa muda wa kadi si sahihi',
  'actionCode.issuerTimeout': 'Imekataliwa: mtoaji wa kadi hakujibu kwa wakati',
  'actionCode.threeDsFailed': 'Imekataliwa: uthibitishaji wa 3-D Secure umeshindwa',
  'actionCode.acsNotReturned': 'Imekataliwa: mteja hakurudi kutoka kwenye uthibitishaji wa 3-D Secure',
  'actionCode.threeDsUnavailable': 'Imekataliwa: uthibitishaji wa 3-D Secure haukuweza kufanyika',
  'actionCode.challengeFailed': 'Imekataliwa: mteja hakufaulu ukaguzi wa 3-D Secure',
  'actionCode.threeDsRejected': 'Imekataliwa: mtoaji wa kadi amekataa uthibitishaji wa 3-D Secure',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Malipo',
  'page.merchant': 'Mfanyabiashara',
  'page.amount': 'Kiasi',
  'page.order': 'Agizo',
  'page.description': 'Maelezo',
  'page.timeLeft': 'Muda uliobaki wa kulipa',
  'page.cardNumber': 'Nambari ya kadi',
  'page.expiry': 'Tarehe ya kuisha muda (MM/YY)',
  'page.cvc': 'Msimbo wa usalama (CVC)',
  'page.cvcHint': 'Tarakimu 3 zilizo nyuma ya kadi',
  'page.cardholder': 'Jina la mwenye kadi',
  'page.cardholderHint': 'Kama lilivyoandikwa kwenye kadi, kwa herufi za Kilatini',
  'page.pay': 'Lipa {amount}',
  'page.processing': 'Malipo yako yanashughulikiwa…',
  'page.authenticating': 'Benki yako inakagua malipo…',
  'page.continue': 'Endelea',
  'page.noscript': 'JavaScript imezimwa: bonyeza Endelea ili kuendelea.',
  'page.secureNote':
    'Taarifa za kadi yako hutumwa kupitia muunganisho uliosimbwa na kamwe hazionyeshwi kwa duka.',
  'page.errorSummary': 'Tafadhali rekebisha sehemu zilizowekwa alama hapa chini',
  'page.error.cardNumber': 'Weka nambari sahihi ya kadi yenye tarakimu 15 hadi 19',
  'page.error.expiry': 'Weka tarehe ya kuisha muda kama MM/YY; isiwe tarehe iliyopita',
  'page.error.cvc': 'Weka msimbo wa usalama wenye tarakimu 3',
  'page.error.cardholder':
    "Weka jina kama lilivyo kwenye kadi: herufi za Kilatini 2 hadi 45, nafasi na . - '",
  'page.declinedNow': 'Malipo yamekataliwa. Unaweza kujaribu kadi nyingine.',
  'page.expired.title': 'Muda wa malipo haya umekwisha',
  'page.expired.text': 'Muda wa kulipia agizo hili umekwisha. Tafadhali rudi dukani na uagize tena.',
  'page.paid.title': 'Agizo hili tayari limelipiwa',
  'page.paid.text': 'Malipo ya agizo hili yamefanyika; hakuna kitu kingine unachohitaji kufanya.',
  'page.declined.title': 'Agizo hili haliwezi kulipiwa',
  'page.declined.text': 'Malipo ya agizo hili yamekataliwa au yameghairiwa. Tafadhali rudi dukani.',
  'page.unknown.title': 'Agizo halikupatikana',
  'page.unknown.text': 'Hatukuweza kupata agizo hili. Tafadhali kagua kiungo au rudi dukani.',
  'page.inProgress.title': 'Malipo yanaendelea',
  'page.inProgress.text': 'Agizo hili tayari linalipiwa. Tafadhali subiri kidogo kisha wasiliana na duka.',
  'page.back': 'Rudi dukani',
};
