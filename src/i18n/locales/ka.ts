import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'წარმატება',
  'system.error': 'სისტემური შეცდომა',

  'request.unknownAddress': 'მისამართი {path} არ არსებობს',
  'request.methodNotAllowed': 'გამოიყენეთ POST და პარამეტრები გადაეცით მოთხოვნის ტანში',
  'request.paramsInUrl': 'პარამეტრები უნდა გაიგზავნოს მოთხოვნის ტანში და არა მისამართში',
  'request.bodyTooLarge': 'მოთხოვნის ზომა აღემატება {limit} ბაიტს',
  'request.bodyMalformed': 'მოთხოვნის ტანის წაკითხვა ვერ მოხერხდა შემდეგ ფორმატში: {encoding}',
  'request.contentTypeUnsupported': 'შიგთავსის ტიპი {type} აქ არ მიიღება; გამოიყენეთ {expected}',
  'request.tooManyRequests':
    'ძალიან ბევრი მოთხოვნა: მიღწეულია მოთხოვნების სიხშირის ლიმიტი, სცადეთ მოგვიანებით',
  'request.tooManySimultaneous': 'ძალიან ბევრი ერთდროული მოთხოვნა: ერთდროულად მაქსიმუმ {limit}',

  'idempotency.keyInvalid':
    'Idempotency-Key სათაური ერთხელ უნდა გაიგზავნოს და უნდა შეიცავდეს 1-დან {max}-მდე დასაბეჭდ ASCII სიმბოლოს',
  'idempotency.keyReused': 'ეს Idempotency-Key უკვე გამოყენებულია სხვა მოთხოვნისთვის',
  'idempotency.inProgress': 'მოთხოვნა ამ Idempotency-Key-ით ჯერ კიდევ მუშავდება; სცადეთ მოგვიანებით',

  'auth.required': 'საჭიროა ავთენტიფიკაცია: გადმოგზავნეთ userName და password ან token',
  'auth.ambiguous': 'გადმოგზავნეთ ან userName და password, ან token, მაგრამ არა ორივე',
  'auth.denied': 'წვდომა აკრძალულია',
  'auth.throttled': 'წვდომა აკრძალულია: ძალიან ბევრი წარუმატებელი მცდელობა, სცადეთ ხელახლა {seconds} წამში',

  'signature.required': 'ამ ვაჭარმა მოთხოვნებს ხელი უნდა მოაწეროს X-Hash და X-Signature სათაურებით',
  'signature.hashMismatch': 'X-Hash არ შეესაბამება მოთხოვნის ტანს',
  'signature.invalid': 'X-Signature ვერ დადასტურდა ვაჭრის სერტიფიკატებით',

  'merchant.onBehalfDenied': 'წვდომა აკრძალულია ვაჭარზე: {merchant}',
  'permission.required': 'ვაჭარს არ აქვს შემდეგი ფუნქციის გამოყენების ნებართვა: {feature}',
  'mcc.notAllowed': 'MCC {mcc} არ არის ვაჭრის დაშვებული კოდების სიაში',

  'param.missing': 'აკლია სავალდებულო პარამეტრი [{param}]',
  'param.invalid': 'პარამეტრის [{param}] არასწორი მნიშვნელობა: მოსალოდნელია {reason}',
  'param.urlInvalid':
    'პარამეტრი [{param}] უნდა იყოს სრული მისამართი პროტოკოლის ჩათვლით (http:// ან https://)',
  'param.conflict': 'პარამეტრების [{param}] და [{other}] ერთად გამოყენება დაუშვებელია',
  'currency.unknown': 'უცნობი ვალუტა [{currency}]',

  'order.numberDuplicate': 'შეკვეთა მითითებული ნომრით უკვე დამუშავებულია',
  'order.notFound': 'შეკვეთა ვერ მოიძებნა',
  'order.referenceMissing': 'მოსალოდნელია [orderId] ან [orderNumber]',
  'order.notPayable': 'შეკვეთის გადახდა მის ამჟამინდელ მდგომარეობაში შეუძლებელია',
  'feature.notEnabled':
    'პარამეტრი [{param}] ჯერ არ არის ხელმისაწვდომი: ამ საგადახდო შლუზზე ფუნქცია {feature} ჩართული არ არის',
  'payment.approved': 'თქვენი შეკვეთა დამუშავებულია, მიმდინარეობს გადამისამართება...',
  'payment.declined': 'გადახდა უარყოფილია',

  'cart.positionDuplicate': 'positionId {position} კალათაში ერთზე მეტჯერ გვხვდება',
  'cart.itemAmountMismatch':
    'პოზიციის {position} itemAmount უნდა იყოს itemPrice × quantity ნამრავლის ტოლი ({expected})',

  'reason.tooShort': 'მინიმუმ {min} სიმბოლო',
  'reason.tooLong': 'მაქსიმუმ {max} სიმბოლო',
  'reason.exactLength': 'ზუსტად {length} სიმბოლო',
  'reason.digits': 'მხოლოდ ციფრები, {min}-დან {max}-მდე',
  'reason.boolean': 'true ან false',
  'reason.oneOf': 'ერთ-ერთი შემდეგი მნიშვნელობებიდან: {values}',
  'reason.dateTime': 'თარიღი და დრო ფორმატით yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'მომავალი დროის მომენტი',
  'reason.json': 'სწორი JSON',
  'reason.object': 'JSON ობიექტი',
  'reason.array': 'JSON მასივი',
  'reason.text': 'ტექსტური მნიშვნელობა',
  'reason.number': 'რიცხვი',
  'reason.decimals': 'რიცხვი მაქსიმუმ {decimals} ათწილადი ნიშნით',
  'reason.exactlyOne': 'ზუსტად ერთი ელემენტი',
  'reason.itemsMax': 'მაქსიმუმ {max} ელემენტი',
  'reason.latin': 'ლათინური ასოები, ჰარები და სიმბოლოები {allowed}',
  'reason.phone': '7-დან 15-მდე ციფრი ქვეყნის კოდის ჩათვლით, სურვილისამებრ + ან 00-ის შემდეგ',
  'reason.single': 'ერთი მნიშვნელობა და არა განმეორებული პარამეტრი',
  'reason.integerRange': 'მთელი რიცხვი {min}-დან {max}-მდე',
  'reason.cardNumber': 'ბარათის ნომერი 15-დან 19-მდე ციფრით, რომელიც წარმატებით გადის Luhn შემოწმებას',
  'reason.cardExpiry': 'ბარათის მოქმედების ვადა ფორმატით YYYYMM, რომელიც წარსულში არ არის',
  'reason.seToken':
    'საგადახდო შლუზის გასაღებით (RSA-OAEP) დაშიფრული ბარათის მონაცემები, რომლებიც ერთ საათზე ძველი არ არის',

  'actionCode.awaitingPayment': 'გადახდის მცდელობა ჯერ არ განხორციელებულა',
  'actionCode.paymentExpired': 'გადახდის ვადა ამოიწურა: ბარათის მონაცემების შეყვანის დრო ამოიწურა',
  'actionCode.doNotHonour': 'უარყოფილია ბარათის ემიტენტის მიერ: ოპერაცია არ დაიშვება',
  'actionCode.expiredCard': 'უარყოფილია: ბარათს მოქმედების ვადა გაუვიდა',
  'actionCode.insufficientFunds': 'უარყოფილია: ანგარიშზე არ არის საკმარისი თანხა',
  'actionCode.limitExceeded': 'უარყოფილია: თანხა აღემატება ბარათის ლიმიტს',
  'actionCode.lostCard': 'უარყოფილია: ბარათი დაკარგულად არის გამოცხადებული',
  'actionCode.incorrectCvc': 'უარყოფილია: ბარათის უსაფრთხოების კოდი (CVC) არასწორია',
  'actionCode.invalidExpiry': 'უარყოფილია: ბარათის მოქმედების ვადა არასწორად არის მითითებული',
  'actionCode.issuerTimeout': 'უარყოფილია: ბარათის ემიტენტმა დროულად არ უპასუხა',
};
