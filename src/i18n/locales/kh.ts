import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'ជោគជ័យ',
  'system.error': 'កំហុសប្រព័ន្ធ',

  'request.unknownAddress': 'អាសយដ្ឋាន {path} មិនមានទេ',
  'request.methodNotAllowed': 'សូមប្រើ POST ដោយដាក់ប៉ារ៉ាម៉ែត្រនៅក្នុងតួនៃសំណើ',
  'request.paramsInUrl': 'ប៉ារ៉ាម៉ែត្រត្រូវតែផ្ញើនៅក្នុងតួនៃសំណើ មិនមែននៅក្នុងអាសយដ្ឋានទេ',
  'request.bodyTooLarge': 'សំណើមានទំហំធំជាង {limit} បៃ',
  'request.bodyMalformed': 'មិនអាចអានតួនៃសំណើជា {encoding} បានទេ',
  'request.contentTypeUnsupported': 'ប្រភេទមាតិកា {type} មិនត្រូវបានទទួលយកនៅទីនេះទេ សូមប្រើ {expected}',
  'request.tooManyRequests': 'សំណើច្រើនពេក៖ បានដល់ដែនកំណត់អត្រាសំណើហើយ សូមព្យាយាមម្តងទៀតនៅពេលក្រោយ',
  'request.tooManySimultaneous': 'សំណើក្នុងពេលដំណាលគ្នាច្រើនពេក៖ យ៉ាងច្រើន {limit} ក្នុងពេលតែមួយ',

  'auth.required': 'តម្រូវឱ្យមានការផ្ទៀងផ្ទាត់អត្តសញ្ញាណ៖ សូមផ្ញើ userName និង password ឬ token',
  'auth.ambiguous': 'សូមផ្ញើ userName និង password ឬ token តែមួយប្រភេទ មិនមែនទាំងពីរទេ',
  'auth.denied': 'ការចូលប្រើត្រូវបានបដិសេធ',
  'auth.throttled': 'ការចូលប្រើត្រូវបានបដិសេធ៖ ការព្យាយាមបរាជ័យច្រើនដងពេក សូមព្យាយាមម្តងទៀតក្នុងរយៈពេល {seconds} វិនាទី',

  'signature.required': 'ពាណិជ្ជករនេះត្រូវតែចុះហត្ថលេខាលើសំណើដោយប្រើក្បាល X-Hash និង X-Signature',
  'signature.hashMismatch': 'X-Hash មិនត្រូវគ្នានឹងតួនៃសំណើទេ',
  'signature.invalid': 'មិនអាចផ្ទៀងផ្ទាត់ X-Signature ជាមួយវិញ្ញាបនបត្ររបស់ពាណិជ្ជករបានទេ',

  'merchant.onBehalfDenied': 'ការចូលប្រើពាណិជ្ជករ {merchant} ត្រូវបានបដិសេធ',
  'permission.required': 'ពាណិជ្ជករមិនត្រូវបានអនុញ្ញាតឱ្យប្រើ {feature} ទេ',
  'mcc.notAllowed': 'MCC {mcc} មិនមាននៅក្នុងបញ្ជីលេខកូដដែលបានអនុញ្ញាតរបស់ពាណិជ្ជករទេ',

  'param.missing': 'ខ្វះប៉ារ៉ាម៉ែត្រចាំបាច់ [{param}]',
  'param.invalid': 'តម្លៃមិនត្រឹមត្រូវនៃប៉ារ៉ាម៉ែត្រ [{param}]៖ រំពឹងថាជា {reason}',
  'param.urlInvalid': 'ប៉ារ៉ាម៉ែត្រ [{param}] ត្រូវតែជាអាសយដ្ឋានពេញលេញ រួមទាំងពិធីការ (http:// ឬ https://)',
  'param.conflict': 'មិនអាចប្រើប៉ារ៉ាម៉ែត្រ [{param}] និង [{other}] ជាមួយគ្នាបានទេ',
  'currency.unknown': 'រូបិយប័ណ្ណមិនស្គាល់ [{currency}]',

  'order.numberDuplicate': 'ការបញ្ជាទិញដែលមានលេខបញ្ជាទិញនេះត្រូវបានដំណើរការរួចហើយ',
  'order.notFound': 'រកមិនឃើញការបញ្ជាទិញ',
  'order.referenceMissing': 'រំពឹងថាមាន [orderId] ឬ [orderNumber]',

  'cart.positionDuplicate': 'positionId {position} មានច្រើនជាងម្តងនៅក្នុងកន្ត្រក',
  'cart.itemAmountMismatch': 'itemAmount នៃមុខទំនិញ {position} ត្រូវតែស្មើនឹង itemPrice × quantity ({expected})',

  'reason.tooShort': 'យ៉ាងតិច {min} តួអក្សរ',
  'reason.tooLong': 'យ៉ាងច្រើន {max} តួអក្សរ',
  'reason.exactLength': '{length} តួអក្សរគត់',
  'reason.digits': 'តែលេខប៉ុណ្ណោះ ពី {min} ដល់ {max} ខ្ទង់',
  'reason.boolean': 'true ឬ false',
  'reason.oneOf': 'តម្លៃមួយក្នុងចំណោម {values}',
  'reason.dateTime': 'កាលបរិច្ឆេទ និងម៉ោងក្នុងទម្រង់ yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'ពេលវេលានាពេលអនាគត',
  'reason.json': 'JSON ដែលត្រឹមត្រូវ',
  'reason.object': 'អុបជិចត៍ JSON',
  'reason.array': 'អារេ JSON',
  'reason.text': 'តម្លៃជាអត្ថបទ',
  'reason.number': 'លេខ',
  'reason.decimals': 'លេខដែលមានខ្ទង់ទសភាគមិនលើសពី {decimals}',
  'reason.exactlyOne': 'ធាតុមួយគត់',
  'reason.itemsMax': 'ធាតុមិនលើសពី {max}',
  'reason.latin': 'អក្សរឡាតាំង ដកឃ្លា និងតួអក្សរ {allowed}',
  'reason.phone': 'លេខពី 7 ដល់ 15 ខ្ទង់ រួមទាំងលេខកូដប្រទេស ដែលអាចមាន + ឬ 00 នៅពីមុខ',
  'reason.single': 'តម្លៃតែមួយ មិនមែនប៉ារ៉ាម៉ែត្រដែលដាក់ដដែលៗទេ',
  'reason.integerRange': 'ចំនួនគត់ពី {min} ដល់ {max}',

  'actionCode.awaitingPayment': 'មិនទាន់មានការព្យាយាមបង់ប្រាក់នៅឡើយទេ',
  'actionCode.paymentExpired': 'ការបង់ប្រាក់បានផុតកំណត់៖ ពេលវេលាសម្រាប់បញ្ចូលទិន្នន័យកាតបានអស់ហើយ',
};
