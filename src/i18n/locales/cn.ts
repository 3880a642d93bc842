import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: '成功',
  'system.error': '系统错误',

  'request.unknownAddress': '地址 {path} 不存在',
  'request.methodNotAllowed': '请使用 POST，并将参数放在请求体中',
  'request.paramsInUrl': '参数必须在请求体中发送，而不是在地址中',
  'request.bodyTooLarge': '请求大小超过 {limit} 字节',
  'request.bodyMalformed': '无法将请求体读取为 {encoding}',
  'request.contentTypeUnsupported': '此处不接受内容类型 {type}；请使用 {expected}',
  'request.tooManyRequests': '请求过多：已达到请求频率限制，请稍后重试',
  'request.tooManySimultaneous': '并发请求过多：同时最多允许 {limit} 个请求',

  'auth.required': '需要身份验证：请发送 userName 和 password，或发送 token',
  'auth.ambiguous': '请发送 userName 和 password，或发送 token，但不能同时发送',
  'auth.denied': '访问被拒绝',
  'auth.throttled': '访问被拒绝：失败尝试次数过多，请在 {seconds} 秒后重试',

  'signature.required': '该商户必须使用 X-Hash 和 X-Signature 请求头对请求进行签名',
  'signature.hashMismatch': 'X-Hash 与请求体不匹配',
  'signature.invalid': '无法使用商户证书验证 X-Signature',

  'merchant.onBehalfDenied': '无权访问商户 {merchant}',
  'permission.required': '该商户无权使用 {feature}',
  'mcc.notAllowed': 'MCC {mcc} 不在该商户允许的代码列表中',

  'param.missing': '缺少必填参数 [{param}]',
  'param.invalid': '参数 [{param}] 的值无效：应为{reason}',
  'param.urlInvalid': '参数 [{param}] 必须是包含协议的完整地址（http:// 或 https://）',
  'param.conflict': '参数 [{param}] 和 [{other}] 不能同时使用',
  'currency.unknown': '未知货币 [{currency}]',

  'order.numberDuplicate': '该订单号对应的订单已处理',
  'order.notFound': '未找到订单',
  'order.referenceMissing': '应提供 [orderId] 或 [orderNumber]',

  'cart.positionDuplicate': 'positionId {position} 在购物车中出现了多次',
  'cart.itemAmountMismatch': '商品项 {position} 的 itemAmount 必须等于 itemPrice × quantity（{expected}）',

  'reason.tooShort': '至少 {min} 个字符',
  'reason.tooLong': '最多 {max} 个字符',
  'reason.exactLength': '恰好 {length} 个字符',
  'reason.digits': '{min} 至 {max} 位纯数字',
  'reason.boolean': 'true 或 false',
  'reason.oneOf': '{values} 之一',
  'reason.dateTime': '格式为 yyyy-MM-ddTHH:mm:ss 的日期和时间',
  'reason.future': '未来的某个时间点',
  'reason.json': '有效的 JSON',
  'reason.object': 'JSON 对象',
  'reason.array': 'JSON 数组',
  'reason.text': '文本值',
  'reason.number': '数字',
  'reason.decimals': '最多带 {decimals} 位小数的数字',
  'reason.exactlyOne': '恰好一个元素',
  'reason.itemsMax': '最多 {max} 个元素',
  'reason.latin': '拉丁字母、空格及字符 {allowed}',
  'reason.phone': '含国家代码的 7 至 15 位数字，前面可带 + 或 00',
  'reason.single': '单个值，而不是重复的参数',
  'reason.integerRange': '{min} 至 {max} 之间的整数',

  'actionCode.awaitingPayment': '尚未进行任何支付尝试',
  'actionCode.paymentExpired': '支付已过期：输入卡信息的时间已用完',
};
