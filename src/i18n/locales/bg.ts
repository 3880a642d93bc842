import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Успех',
  'system.error': 'Системна грешка',

  'request.unknownAddress': 'Адресът {path} не съществува',
  'request.methodNotAllowed': 'Използвайте POST с параметрите в тялото на заявката',
  'request.paramsInUrl': 'Параметрите трябва да се изпращат в тялото на заявката, а не в адреса',
  'request.bodyTooLarge': 'Заявката е по-голяма от {limit} байта',
  'request.bodyMalformed': 'Тялото на заявката не може да бъде прочетено като {encoding}',
  'request.contentTypeUnsupported': 'Типът съдържание {type} не се приема тук; използвайте {expected}',
  'request.tooManyRequests':
    'Твърде много заявки: достигнат е лимитът за честота на заявките, опитайте отново по-късно',
  'request.tooManySimultaneous': 'Твърде много едновременни заявки: най-много {limit} едновременно',

  'idempotency.keyInvalid':
    'Заглавката Idempotency-Key трябва да се изпрати веднъж, с 1 до {max} печатни ASCII знака',
  'idempotency.keyReused': 'Този Idempotency-Key вече е използван за друга заявка',
  'idempotency.inProgress': 'Заявка с този Idempotency-Key все още се обработва; опитайте отново по-късно',

  'auth.required': 'Изисква се удостоверяване: изпратете userName и password или token',
  'auth.ambiguous': 'Изпратете или userName и password, или token, но не и двете',
  'auth.denied': 'Достъпът е отказан',
  'auth.throttled':
    'Достъпът е отказан: твърде много неуспешни опити, опитайте отново след {seconds} секунди',

  'signature.required': 'Този търговец трябва да подписва заявките със заглавките X-Hash и X-Signature',
  'signature.hashMismatch': 'X-Hash не съответства на тялото на заявката',
  'signature.invalid': 'X-Signature не може да бъде проверен със сертификатите на търговеца',

  'merchant.onBehalfDenied': 'Отказан достъп до търговеца {merchant}',
  'permission.required': 'Търговецът няма разрешение да използва {feature}',
  'mcc.notAllowed': 'MCC {mcc} не е в списъка с разрешени кодове на търговеца',

  'param.missing': 'Липсва задължителният параметър [{param}]',
  'param.empty': '[{param}] е празен',
  'param.invalid': 'Невалидна стойност на параметъра [{param}]: очаква се {reason}',
  'param.urlInvalid':
    'Параметърът [{param}] трябва да бъде пълен адрес, включително протокола (http:// или https://)',
  'param.conflict': 'Параметрите [{param}] и [{other}] не могат да се използват заедно',
  'currency.unknown': 'Неизвестна валута [{currency}]',

  'order.numberDuplicate': 'Поръчка с този номер на поръчка вече е обработена',
  'order.notFound': 'Поръчката не е намерена',
  'order.referenceMissing': 'Очаква се [orderId] или [orderNumber]',
  'order.notPayable': 'Поръчката не може да бъде платена в текущото ѝ състояние',
  'feature.notEnabled':
    'Параметърът [{param}] все още не е достъпен: функцията {feature} не е активирана в този платежен шлюз',
  'binding.notFound': 'Запазената карта не е намерена',
  'binding.notActive': 'Запазената карта не е активна',
  'binding.active': 'Запазената карта е активна',
  'binding.expired': 'Срокът на валидност на запазената карта е изтекъл',
  'payment.approved': 'Вашата поръчка е обработена, извършва се пренасочване...',
  'payment.declined': 'Плащането е отхвърлено',
  'payment.threeDsMethod':
    'Клиентът трябва да бъде удостоверен чрез 3-D Secure 2: изпълнете 3DS Method, след което повторете заявката с threeDSServerTransId',
  'payment.threeDsChallenge':
    'Издателят на картата изисква удостоверяване на клиента: пренасочете клиента към ACS',

  'cart.positionDuplicate': 'positionId {position} се среща повече от веднъж в количката',
  'cart.itemAmountMismatch':
    'itemAmount на позиция {position} трябва да е равно на itemPrice × quantity ({expected})',

  'reason.tooShort': 'поне {min} символа',
  'reason.tooLong': 'най-много {max} символа',
  'reason.exactLength': 'точно {length} символа',
  'reason.digits': 'само цифри, от {min} до {max}',
  'reason.boolean': 'true или false',
  'reason.oneOf': 'една от стойностите {values}',
  'reason.dateTime': 'дата и час във формат yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'момент в бъдещето',
  'reason.json': 'валиден JSON',
  'reason.object': 'JSON обект',
  'reason.array': 'JSON масив',
  'reason.text': 'текстова стойност',
  'reason.number': 'число',
  'reason.decimals': 'число с най-много {decimals} знака след десетичната запетая',
  'reason.exactlyOne': 'точно един елемент',
  'reason.itemsMax': 'най-много {max} елемента',
  'reason.latin': 'латински букви, интервали и символите {allowed}',
  'reason.phone': 'от 7 до 15 цифри, включително кода на държавата, по избор след + или 00',
  'reason.single': 'единична стойност, а не повторен параметър',
  'reason.integerRange': 'цяло число от {min} до {max}',
  'reason.cardNumber': 'номер на карта от 15 до 19 цифри, който преминава проверката Luhn',
  'reason.cardExpiry': 'срок на валидност на картата във формат YYYYMM, който не е в миналото',
  'reason.originalPayment': 'референцията на плащането, при което са запазени данните на картата',
  'reason.seToken':
    'данни за картата, шифровани с ключа на платежния шлюз (RSA-OAEP), не по-стари от един час',

  'actionCode.awaitingPayment': 'Все още не е направен опит за плащане',
  'actionCode.paymentExpired':
    'Срокът на плащането изтече: времето за въвеждане на данните на картата изтече',
  'actionCode.doNotHonour': 'Отхвърлено от издателя на картата: транзакцията не се одобрява',
  'actionCode.expiredCard': 'Отхвърлено: срокът на валидност на картата е изтекъл',
  'actionCode.insufficientFunds': 'Отхвърлено: недостатъчни средства',
  'actionCode.limitExceeded': 'Отхвърлено: сумата надвишава лимита на картата',
  'actionCode.lostCard': 'Отхвърлено: картата е обявена за изгубена',
  'actionCode.incorrectCvc': 'Отхвърлено: кодът за сигурност на картата (CVC) е неправилен',
  'actionCode.invalidExpiry': 'Отхвърлено: датата на изтичане на валидността на картата е невалидна',
  'actionCode.issuerTimeout': 'Отхвърлено: издателят на картата не отговори навреме',
  'actionCode.threeDsFailed': 'Отхвърлено: удостоверяването чрез 3-D Secure е неуспешно',
  'actionCode.acsNotReturned': 'Отхвърлено: клиентът не се върна от удостоверяването чрез 3-D Secure',
  'actionCode.threeDsUnavailable': 'Отхвърлено: удостоверяването чрез 3-D Secure не можа да бъде извършено',
  'actionCode.challengeFailed': 'Отхвърлено: клиентът не премина проверката чрез 3-D Secure',
  'actionCode.threeDsRejected': 'Отхвърлено: издателят на картата отхвърли удостоверяването чрез 3-D Secure',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Плащане',
  'page.merchant': 'Търговец',
  'page.amount': 'Сума',
  'page.order': 'Поръчка',
  'page.description': 'Описание',
  'page.timeLeft': 'Оставащо време за плащане',
  'page.cardNumber': 'Номер на картата',
  'page.expiry': 'Валидна до (MM/YY)',
  'page.cvc': 'Код за сигурност (CVC)',
  'page.cvcHint': 'Трите цифри на гърба на картата',
  'page.cardholder': 'Име на картодържателя',
  'page.cardholderHint': 'Както е изписано на картата, с латински букви',
  'page.pay': 'Платете {amount}',
  'page.processing': 'Плащането Ви се обработва…',
  'page.authenticating': 'Вашата банка проверява плащането…',
  'page.continue': 'Продължете',
  'page.noscript': 'JavaScript е изключен: натиснете бутона „Продължете“, за да преминете нататък.',
  'page.secureNote':
    'Данните на картата Ви се изпращат по криптирана връзка и никога не се показват на магазина.',
  'page.errorSummary': 'Моля, коригирайте полетата, отбелязани по-долу',
  'page.error.cardNumber': 'Въведете валиден номер на карта от 15 до 19 цифри',
  'page.error.expiry': 'Въведете срока на валидност във формат MM/YY; той не може да е в миналото',
  'page.error.cvc': 'Въведете трицифрения код за сигурност',
  'page.error.cardholder': "Въведете името, както е на картата: от 2 до 45 латински букви, интервали и . - '",
  'page.declinedNow': 'Плащането беше отхвърлено. Можете да опитате с друга карта.',
  'page.expired.title': 'Срокът за това плащане изтече',
  'page.expired.text':
    'Времето за плащане на тази поръчка изтече. Моля, върнете се в магазина и поръчайте отново.',
  'page.paid.title': 'Тази поръчка вече е платена',
  'page.paid.text': 'Плащането за тази поръчка е извършено; не е необходимо да правите нищо повече.',
  'page.declined.title': 'Тази поръчка не може да бъде платена',
  'page.declined.text':
    'Плащането за тази поръчка беше отхвърлено или анулирано. Моля, върнете се в магазина.',
  'page.unknown.title': 'Поръчката не е намерена',
  'page.unknown.text':
    'Не успяхме да намерим тази поръчка. Моля, проверете връзката или се върнете в магазина.',
  'page.inProgress.title': 'Плащането е в процес на обработка',
  'page.inProgress.text': 'Тази поръчка вече се плаща. Моля, изчакайте малко и се свържете с магазина.',
  'page.back': 'Обратно към магазина',
  'page.savedCards': 'Вашите запазени карти',
  'page.savedCard': '{card}, валидна до {expiry}',
  'page.newCard': 'Друга карта',
  'page.rememberCard': 'Запазване на картата за следващите ми покупки',
  'page.error.savedCard': 'Изберете една от запазените си карти или друга карта',
};
