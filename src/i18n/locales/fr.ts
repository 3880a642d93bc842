import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Succès',
  'system.error': 'Erreur système',

  'request.unknownAddress': "L'adresse {path} n'existe pas",
  'request.methodNotAllowed': 'Utilisez POST avec les paramètres dans le corps de la requête',
  'request.paramsInUrl':
    "Les paramètres doivent être envoyés dans le corps de la requête, et non dans l'adresse",
  'request.bodyTooLarge': 'La requête dépasse {limit} octets',
  'request.bodyMalformed': "Le corps de la requête n'a pas pu être lu en tant que {encoding}",
  'request.contentTypeUnsupported': "Le type de contenu {type} n'est pas accepté ici ; utilisez {expected}",
  'request.tooManyRequests':
    'Trop de requêtes : la limite de fréquence des requêtes a été atteinte, veuillez réessayer plus tard',
  'request.tooManySimultaneous': 'Trop de requêtes simultanées : {limit} au maximum à la fois',

  'idempotency.keyInvalid':
    "L'en-tête Idempotency-Key doit être envoyé une seule fois, avec 1 à {max} caractères ASCII imprimables",
  'idempotency.keyReused': 'Cette Idempotency-Key a déjà été utilisée pour une autre requête',
  'idempotency.inProgress':
    'Une requête avec cette Idempotency-Key est encore en cours de traitement ; veuillez réessayer plus tard',

  'auth.required': 'Authentification requise : envoyez userName et password, ou token',
  'auth.ambiguous': 'Envoyez soit userName et password, soit token, mais pas les deux',
  'auth.denied': 'Accès refusé',
  'auth.throttled':
    'Accès refusé : trop de tentatives infructueuses, veuillez réessayer dans {seconds} secondes',

  'signature.required': 'Ce commerçant doit signer les requêtes avec les en-têtes X-Hash et X-Signature',
  'signature.hashMismatch': 'X-Hash ne correspond pas au corps de la requête',
  'signature.invalid': 'X-Signature ne peut pas être vérifiée avec les certificats du commerçant',

  'merchant.onBehalfDenied': 'Accès refusé au commerçant {merchant}',
  'permission.required': "Le commerçant n'est pas autorisé à utiliser {feature}",
  'mcc.notAllowed': 'Le MCC {mcc} ne figure pas dans la liste des codes autorisés du commerçant',

  'param.missing': 'Le paramètre obligatoire [{param}] est manquant',
  'param.empty': '[{param}] est vide',
  'param.invalid': 'Valeur non valide du paramètre [{param}] : attendu {reason}',
  'param.urlInvalid':
    'Le paramètre [{param}] doit être une adresse complète incluant le protocole (http:// ou https://)',
  'param.conflict': 'Les paramètres [{param}] et [{other}] ne peuvent pas être utilisés ensemble',
  'currency.unknown': 'Devise inconnue [{currency}]',

  'order.numberDuplicate': 'Une commande avec ce numéro de commande a déjà été traitée',
  'order.notFound': 'Commande introuvable',
  'order.referenceMissing': '[orderId] ou [orderNumber] attendu',
  'order.notPayable': 'La commande ne peut pas être payée dans son état actuel',
  'order.notCapturable': 'La commande ne peut pas être débitée dans son état actuel',
  'order.notReversible': 'La commande ne peut pas être annulée (reversal) dans son état actuel',
  'order.notRefundable': 'La commande ne peut pas être remboursée dans son état actuel',
  'order.notCancellable': 'La commande ne peut pas être annulée dans son état actuel',
  'threeDs.inProgress':
    "L'authentification 3-D Secure de ce paiement n'est pas terminée : terminez la vérification dans l'application (ou le navigateur), puis rappelez",
  'operation.pending':
    "L'acquéreur n'a pas répondu à temps : l'opération est en attente et sera terminée ou annulée automatiquement ; consultez l'état de la commande plus tard",
  'operation.declined': "L'acquéreur a refusé l'opération (code d'action {actionCode})",
  'feature.notEnabled':
    "Le paramètre [{param}] n'est pas encore disponible : la fonctionnalité {feature} n'est pas activée sur cette passerelle de paiement",
  'binding.notFound': 'Carte enregistrée introuvable',
  'binding.notActive': "La carte enregistrée n'est pas active",
  'binding.active': 'La carte enregistrée est active',
  'binding.expired': 'La carte enregistrée a expiré',
  'bank.countryUnknown': 'Inconnu',
  'wallet.tokenMalformed': "Le jeton de paiement n'a pas pu être lu",
  'wallet.signatureInvalid': 'La signature du jeton de paiement ne peut pas être vérifiée',
  'wallet.chainUntrusted': "Le jeton de paiement n'est pas signé par une clé de portefeuille de confiance",
  'wallet.tokenExpired': 'Le jeton de paiement a expiré',
  'wallet.keyMismatch': "Le jeton de paiement n'est pas chiffré pour ce marchand",
  'wallet.versionUnsupported': "Cette version du jeton de paiement n'est pas prise en charge",
  'wallet.tokenReplayed': 'Ce jeton de paiement a déjà été utilisé',
  'dcc.cardNotEligible':
    'La conversion de devise n’est pas disponible pour cette carte : elle est facturée en {currency}',
  'dcc.rateUnavailable': 'Aucun taux de change de {from} vers {to} n’est disponible',
  'dcc.calculationNotFound': 'Calcul DCC {dccUuid} introuvable',
  'dcc.calculationExpired': 'Le calcul DCC a expiré : recalculez la conversion',
  'dcc.calculationUsed': 'Le calcul DCC a déjà été utilisé pour un paiement',
  'dcc.calculationMismatch': 'Le calcul DCC ne correspond pas au paramètre [{param}]',
  'p2p.feeDescription': 'Frais du virement de carte à carte',
  'p2p.info.done': 'Le virement a été effectué',
  'p2p.info.declined': 'Le virement a été refusé ; aucun argent n’a été déplacé',
  'payment.approved': 'Votre commande a été traitée, redirection en cours...',
  'payment.declined': 'Paiement refusé',
  'payment.threeDsMethod':
    'Le client doit être authentifié avec 3-D Secure 2 : exécutez la 3DS Method, puis renouvelez la requête avec threeDSServerTransId',
  'payment.threeDsChallenge':
    "L'émetteur demande au client de s'authentifier : redirigez le client vers l'ACS",
  'payment.threeDsSdk':
    "Le client doit être authentifié avec 3-D Secure 2 dans l'application : créez la transaction du 3DS SDK avec threeDSSDKKey, puis renouvelez la requête avec threeDSServerTransId et les valeurs threeDSSDK",
  'payment.threeDsSdkChallenge':
    "L'émetteur demande au client de s'authentifier dans l'application : lancez la vérification du 3DS SDK avec threeDSAcsTransactionId, threeDSAcsRefNumber et threeDSAcsSignedContent, puis appelez l'opération de finalisation",

  'cart.positionDuplicate': "positionId {position} apparaît plus d'une fois dans le panier",
  'cart.itemAmountMismatch':
    'itemAmount de la position {position} doit être égal à itemPrice × quantity ({expected})',

  'reason.tooShort': 'au moins {min} caractères',
  'reason.tooLong': 'au plus {max} caractères',
  'reason.exactLength': 'exactement {length} caractères',
  'reason.digits': 'uniquement des chiffres, de {min} à {max}',
  'reason.boolean': 'true ou false',
  'reason.oneOf': "l'une des valeurs {values}",
  'reason.dateTime': 'une date et une heure au format yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'un moment dans le futur',
  'reason.json': 'un JSON valide',
  'reason.object': 'un objet JSON',
  'reason.array': 'un tableau JSON',
  'reason.text': 'une valeur texte',
  'reason.number': 'un nombre',
  'reason.decimals': 'un nombre avec au plus {decimals} décimales',
  'reason.exactlyOne': 'exactement un élément',
  'reason.itemsMax': 'au plus {max} éléments',
  'reason.latin': 'des lettres latines, des espaces et les caractères {allowed}',
  'reason.phone': '7 à 15 chiffres, indicatif du pays compris, éventuellement précédés de + ou 00',
  'reason.single': 'une valeur unique, et non un paramètre répété',
  'reason.controlCharacter': 'un texte sans caractères de contrôle (comme NUL)',
  'reason.jsonDepth': 'un JSON imbriqué sur {depth} niveaux au plus',
  'reason.dccIndivisible':
    'la totalité du montant restant ({max}), ou une partie qui laisse au moins une unité minimale à mouvementer dans les deux devises',
  'reason.jsonSize': "un JSON d'au plus {max} caractères",
  'reason.bindingOfClient': 'une carte enregistrée de ce marchand pour le clientId de la commande',
  'reason.integerRange': 'un nombre entier de {min} à {max}',
  'reason.cardNumber': 'un numéro de carte de 15 à 19 chiffres conforme au contrôle de Luhn',
  'reason.cardExpiry': "une date d'expiration de la carte au format YYYYMM qui n'est pas dans le passé",
  'reason.originalPayment':
    'la référence du paiement lors duquel les données de la carte ont été enregistrées',
  'reason.seToken':
    "des données de carte chiffrées avec la clé de la passerelle de paiement (RSA-OAEP), datant de moins d'une heure",

  'actionCode.awaitingPayment': "Aucune tentative de paiement n'a encore été effectuée",
  'reason.callbackAddress':
    "une adresse https sur l'internet public (ni boucle locale, ni privée, ni link-local)",
  'actionCode.paymentExpired': 'Le paiement a expiré : le délai de saisie des données de la carte est écoulé',
  'actionCode.doNotHonour': "Refusé par l'émetteur : ne pas honorer",
  'actionCode.expiredCard': 'Refusé : la carte a expiré',
  'actionCode.insufficientFunds': 'Refusé : provision insuffisante',
  'actionCode.limitExceeded': 'Refusé : le montant dépasse le plafond de la carte',
  'actionCode.lostCard': 'Refusé : la carte a été déclarée perdue',
  'actionCode.incorrectCvc': 'Refusé : le code de sécurité de la carte (CVC) est incorrect',
  'actionCode.invalidExpiry': "Refusé : la date d'expiration de la carte n'est pas valide",
  'actionCode.issuerTimeout': "Refusé : l'émetteur n'a pas répondu dans les délais",
  'actionCode.threeDsFailed': "Refusé : l'authentification 3-D Secure a échoué",
  'actionCode.acsNotReturned': "Refusé : le client n'est pas revenu de l'authentification 3-D Secure",
  'actionCode.threeDsUnavailable': "Refusé : l'authentification 3-D Secure n'a pas pu être effectuée",
  'actionCode.challengeFailed': "Refusé : le client n'a pas réussi la vérification 3-D Secure",
  'actionCode.threeDsRejected': "Refusé : l'émetteur a rejeté l'authentification 3-D Secure",
  'reason.uuid': 'un UUID tel que 123e4567-e89b-12d3-a456-426614174000',
  'reason.jwe': 'un JWE en sérialisation compacte (cinq parties Base64url séparées par des points)',
  'reason.ecPublicJwk': 'une clé publique P-256 en JSON Web Key {"kty":"EC","crv":"P-256","x":…,"y":…}',
  'reason.compactDateTime': 'une date et une heure au format yyyyMMddHHmmss',
  'reason.notBefore': 'un moment qui n’est pas antérieur à [{other}]',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Paiement',
  'page.merchant': 'Commerçant',
  'page.amount': 'Montant',
  'page.order': 'Commande',
  'page.description': 'Description',
  'page.timeLeft': 'Temps restant pour payer',
  'page.cardNumber': 'Numéro de carte',
  'page.expiry': "Date d'expiration (MM/YY)",
  'page.cvc': 'Code de sécurité (CVC)',
  'page.cvcHint': 'Les 3 chiffres au dos de la carte',
  'page.cardholder': 'Nom du titulaire de la carte',
  'page.cardholderHint': "Tel qu'indiqué sur la carte, en lettres latines",
  'page.pay': 'Payer {amount}',
  'page.processing': 'Traitement de votre paiement en cours…',
  'page.authenticating': 'Votre banque vérifie le paiement…',
  'page.continue': 'Continuer',
  'page.noscript': 'JavaScript est désactivé : appuyez sur « Continuer » pour poursuivre.',
  'page.secureNote':
    'Les données de votre carte sont transmises via une connexion chiffrée et ne sont jamais visibles par la boutique.',
  'page.errorSummary': 'Veuillez corriger les champs signalés ci-dessous',
  'page.error.cardNumber': 'Saisissez un numéro de carte valide de 15 à 19 chiffres',
  'page.error.expiry': "Saisissez la date d'expiration au format MM/YY ; elle ne doit pas être dépassée",
  'page.error.cvc': 'Saisissez le code de sécurité à 3 chiffres',
  'page.error.cardholder':
    "Saisissez le nom tel qu'il figure sur la carte : 2 à 45 lettres latines, espaces et . - '",
  'page.declinedNow': 'Le paiement a été refusé. Vous pouvez essayer une autre carte.',
  'page.expired.title': 'Ce paiement a expiré',
  'page.expired.text':
    'Le délai de paiement de cette commande est écoulé. Veuillez retourner sur la boutique et passer une nouvelle commande.',
  'page.paid.title': 'Cette commande est déjà payée',
  'page.paid.text': "Le paiement de cette commande a été effectué ; vous n'avez plus rien à faire.",
  'page.declined.title': 'Cette commande ne peut pas être payée',
  'page.declined.text':
    'Le paiement de cette commande a été refusé ou annulé. Veuillez retourner sur la boutique.',
  'page.unknown.title': 'Commande introuvable',
  'page.unknown.text':
    "Nous n'avons pas trouvé cette commande. Veuillez vérifier le lien ou retourner sur la boutique.",
  'page.inProgress.title': 'Paiement en cours',
  'page.inProgress.text':
    'Cette commande est déjà en cours de paiement. Veuillez patienter un instant et vous renseigner auprès de la boutique.',
  'page.back': 'Retour à la boutique',
  'page.savedCards': 'Vos cartes enregistrées',
  'page.savedCard': "{card}, valable jusqu'à {expiry}",
  'page.newCard': 'Une autre carte',
  'page.rememberCard': 'Mémoriser cette carte pour mes prochains achats',
  'page.error.savedCard': "Choisissez l'une de vos cartes enregistrées ou une autre carte",
  'page.dcc.title': 'Choisissez la devise de paiement',
  'page.dcc.original': 'Payer {amount} dans la devise de la boutique',
  'page.dcc.converted': 'Payer {amount} dans la devise de votre carte',
  'page.dcc.rate':
    'Taux de change : 1 {from} = {rate} {to}, avec une marge de {markup} % sur le taux de référence {directRate}',
  'page.dcc.notice':
    'La conversion est proposée par le prestataire de paiement de la boutique ; votre banque ne convertira pas ce paiement.',
  'page.error.dccChoice': 'Choisissez la devise de paiement',
  'page.transfer.title': 'Virement de carte à carte',
  'page.transfer.amount': 'Montant transféré',
  'page.transfer.fee': 'Frais',
  'page.transfer.total': 'Total débité de votre carte',
  'page.transfer.timeLeft': 'Temps restant',
  'page.transfer.fromCard': 'Votre carte (le montant y est débité)',
  'page.transfer.toCard': 'La carte du bénéficiaire (le montant y est crédité)',
  'page.transfer.knownRecipient': 'Carte {card}',
  'page.transfer.submit': 'Transférer {amount}',
  'page.transfer.processing': 'Transfert en cours…',
  'page.transfer.done.title': 'Ce transfert a été effectué',
  'page.transfer.done.text': 'L’argent a été transféré ; il n’y a plus rien à faire.',
  'page.transfer.declined.title': 'Ce transfert ne peut pas être effectué',
  'page.transfer.declined.text':
    'Le transfert a été refusé ou annulé, et aucun argent n’a bougé. Veuillez revenir sur le site.',
  'page.transfer.expired.title': 'Ce transfert a expiré',
  'page.transfer.expired.text': 'Le délai pour ce transfert est écoulé. Veuillez recommencer depuis le site.',
  'page.transfer.inProgress.title': 'Transfert en cours',
  'page.transfer.inProgress.text':
    'Ce transfert est déjà en cours. Veuillez patienter un instant et vérifier auprès du site.',
  'reason.clockDuration':
    "une durée comme 7d, 36h, 1d12h, 90m ou 3600s, supérieure à zéro et d'au plus dix ans",
  'reason.clockWithoutOrders':
    "un marchand sans commande : une horloge de test ne revient au temps réel qu'avant la première commande",
};
