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
  'payment.threeDsMethod':
    'მომხმარებელმა უნდა გაიაროს ავთენტიფიკაცია 3-D Secure 2 პროტოკოლით: გაუშვით 3DS Method, შემდეგ კი გაიმეორეთ მოთხოვნა threeDSServerTransId პარამეტრით',
  'payment.threeDsChallenge':
    'ბარათის ემიტენტი ითხოვს მომხმარებლის ავთენტიფიკაციას: გადაამისამართეთ მომხმარებელი ACS სერვერზე',

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
  'actionCode.threeDsFailed': 'უარყოფილია: 3-D Secure ავთენტიფიკაცია წარუმატებლად დასრულდა',
  'actionCode.acsNotReturned': 'უარყოფილია: მომხმარებელი არ დაბრუნდა 3-D Secure ავთენტიფიკაციიდან',
  'actionCode.threeDsUnavailable': 'უარყოფილია: 3-D Secure ავთენტიფიკაციის ჩატარება ვერ მოხერხდა',
  'actionCode.challengeFailed': 'უარყოფილია: მომხმარებელმა ვერ გაიარა 3-D Secure შემოწმება',
  'actionCode.threeDsRejected': 'უარყოფილია: ბარათის ემიტენტმა უარყო 3-D Secure ავთენტიფიკაცია',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'გადახდა',
  'page.merchant': 'ვაჭარი',
  'page.amount': 'თანხა',
  'page.order': 'შეკვეთა',
  'page.description': 'აღწერა',
  'page.timeLeft': 'გადახდისთვის დარჩენილი დრო',
  'page.cardNumber': 'ბარათის ნომერი',
  'page.expiry': 'მოქმედების ვადა (MM/YY)',
  'page.cvc': 'უსაფრთხოების კოდი (CVC)',
  'page.cvcHint': '3 ციფრი ბარათის უკანა მხარეს',
  'page.cardholder': 'ბარათის მფლობელის სახელი',
  'page.cardholderHint': 'ისე, როგორც ბარათზეა დაბეჭდილი, ლათინური ასოებით',
  'page.pay': 'გადაიხადეთ {amount}',
  'page.processing': 'მიმდინარეობს თქვენი გადახდის დამუშავება…',
  'page.authenticating': 'თქვენი ბანკი ამოწმებს გადახდას…',
  'page.continue': 'გაგრძელება',
  'page.noscript': 'JavaScript გამორთულია: გასაგრძელებლად დააჭირეთ ღილაკს „გაგრძელება“.',
  'page.secureNote': 'თქვენი ბარათის მონაცემები იგზავნება დაშიფრული კავშირით და მაღაზიას არასდროს ეჩვენება.',
  'page.errorSummary': 'გთხოვთ, შეასწოროთ ქვემოთ მონიშნული ველები',
  'page.error.cardNumber': 'შეიყვანეთ ბარათის სწორი ნომერი, 15-დან 19-მდე ციფრით',
  'page.error.expiry': 'შეიყვანეთ მოქმედების ვადა ფორმატით MM/YY; ის წარსულში არ უნდა იყოს',
  'page.error.cvc': 'შეიყვანეთ 3-ნიშნა უსაფრთხოების კოდი',
  'page.error.cardholder':
    "შეიყვანეთ სახელი ისე, როგორც ბარათზეა: 2-დან 45-მდე ლათინური ასო, ჰარები და . - '",
  'page.declinedNow': 'გადახდა უარყოფილია. შეგიძლიათ სცადოთ სხვა ბარათი.',
  'page.expired.title': 'ამ გადახდის ვადა ამოიწურა',
  'page.expired.text':
    'ამ შეკვეთის გადახდის დრო ამოიწურა. გთხოვთ, დაბრუნდეთ მაღაზიაში და ხელახლა გააფორმოთ შეკვეთა.',
  'page.paid.title': 'ეს შეკვეთა უკვე გადახდილია',
  'page.paid.text': 'ამ შეკვეთის გადახდა უკვე განხორციელდა; სხვა არაფრის გაკეთება არ არის საჭირო.',
  'page.declined.title': 'ამ შეკვეთის გადახდა შეუძლებელია',
  'page.declined.text': 'ამ შეკვეთის გადახდა უარყოფილია ან გაუქმებულია. გთხოვთ, დაბრუნდეთ მაღაზიაში.',
  'page.unknown.title': 'შეკვეთა ვერ მოიძებნა',
  'page.unknown.text': 'ეს შეკვეთა ვერ მოვძებნეთ. გთხოვთ, შეამოწმოთ ბმული ან დაბრუნდეთ მაღაზიაში.',
  'page.inProgress.title': 'მიმდინარეობს გადახდა',
  'page.inProgress.text':
    'ამ შეკვეთის გადახდა უკვე მიმდინარეობს. გთხოვთ, ცოტა ხანს დაელოდოთ და დააზუსტოთ ინფორმაცია მაღაზიაში.',
  'page.back': 'მაღაზიაში დაბრუნება',
};
