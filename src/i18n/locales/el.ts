import type { MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = {
  success: 'Επιτυχία',
  'system.error': 'Σφάλμα συστήματος',

  'request.unknownAddress': 'Η διεύθυνση {path} δεν υπάρχει',
  'request.methodNotAllowed': 'Χρησιμοποιήστε POST με τις παραμέτρους στο σώμα του αιτήματος',
  'request.paramsInUrl': 'Οι παράμετροι πρέπει να αποστέλλονται στο σώμα του αιτήματος και όχι στη διεύθυνση',
  'request.bodyTooLarge': 'Το αίτημα υπερβαίνει τα {limit} byte',
  'request.bodyMalformed': 'Δεν ήταν δυνατή η ανάγνωση του σώματος του αιτήματος ως {encoding}',
  'request.contentTypeUnsupported':
    'Ο τύπος περιεχομένου {type} δεν γίνεται δεκτός εδώ· χρησιμοποιήστε {expected}',
  'request.tooManyRequests':
    'Πάρα πολλά αιτήματα: συμπληρώθηκε το όριο συχνότητας αιτημάτων, δοκιμάστε ξανά αργότερα',
  'request.tooManySimultaneous': 'Πάρα πολλά ταυτόχρονα αιτήματα: το πολύ {limit} κάθε φορά',

  'idempotency.keyInvalid':
    'Η κεφαλίδα Idempotency-Key πρέπει να αποστέλλεται μία φορά, με 1 έως {max} εκτυπώσιμους χαρακτήρες ASCII',
  'idempotency.keyReused': 'Αυτό το Idempotency-Key έχει ήδη χρησιμοποιηθεί για διαφορετικό αίτημα',
  'idempotency.inProgress':
    'Ένα αίτημα με αυτό το Idempotency-Key βρίσκεται ακόμη σε επεξεργασία· δοκιμάστε ξανά αργότερα',

  'auth.required': 'Απαιτείται έλεγχος ταυτότητας: στείλτε userName και password ή token',
  'auth.ambiguous': 'Στείλτε είτε userName και password είτε token, όχι και τα δύο',
  'auth.denied': 'Άρνηση πρόσβασης',
  'auth.throttled':
    'Άρνηση πρόσβασης: πάρα πολλές αποτυχημένες προσπάθειες, δοκιμάστε ξανά σε {seconds} δευτερόλεπτα',

  'signature.required':
    'Αυτός ο έμπορος πρέπει να υπογράφει τα αιτήματα με τις κεφαλίδες X-Hash και X-Signature',
  'signature.hashMismatch': 'Το X-Hash δεν αντιστοιχεί στο σώμα του αιτήματος',
  'signature.invalid': 'Το X-Signature δεν επαληθεύεται με τα πιστοποιητικά του εμπόρου',

  'merchant.onBehalfDenied': 'Άρνηση πρόσβασης στον έμπορο {merchant}',
  'permission.required': 'Ο έμπορος δεν έχει δικαίωμα χρήσης της λειτουργίας {feature}',
  'mcc.notAllowed': 'Ο κωδικός MCC {mcc} δεν περιλαμβάνεται στη λίστα επιτρεπόμενων κωδικών του εμπόρου',

  'param.missing': 'Λείπει η υποχρεωτική παράμετρος [{param}]',
  'param.empty': 'Το [{param}] είναι κενό',
  'param.invalid': 'Μη έγκυρη τιμή της παραμέτρου [{param}]: αναμενόταν {reason}',
  'param.urlInvalid':
    'Η παράμετρος [{param}] πρέπει να είναι πλήρης διεύθυνση, συμπεριλαμβανομένου του πρωτοκόλλου (http:// ή https://)',
  'param.conflict': 'Οι παράμετροι [{param}] και [{other}] δεν μπορούν να χρησιμοποιηθούν μαζί',
  'currency.unknown': 'Άγνωστο νόμισμα [{currency}]',

  'order.numberDuplicate': 'Έχει ήδη γίνει επεξεργασία παραγγελίας με αυτόν τον αριθμό παραγγελίας',
  'order.notFound': 'Η παραγγελία δεν βρέθηκε',
  'order.referenceMissing': 'Αναμενόταν [orderId] ή [orderNumber]',
  'order.notPayable': 'Η παραγγελία δεν μπορεί να πληρωθεί στην τρέχουσα κατάστασή της',
  'order.notCapturable': 'Η παραγγελία δεν μπορεί να εκκαθαριστεί στην τρέχουσα κατάστασή της',
  'order.notReversible': 'Η παραγγελία δεν μπορεί να αντιλογιστεί στην τρέχουσα κατάστασή της',
  'order.notRefundable': 'Η παραγγελία δεν μπορεί να επιστραφεί στην τρέχουσα κατάστασή της',
  'order.notCancellable': 'Η παραγγελία δεν μπορεί να ακυρωθεί στην τρέχουσα κατάστασή της',
  'threeDs.inProgress':
    'Ο έλεγχος ταυτότητας 3-D Secure αυτής της πληρωμής δεν έχει ολοκληρωθεί: ολοκληρώστε την επαλήθευση στην εφαρμογή (ή στο πρόγραμμα περιήγησης) και καλέστε ξανά',
  'operation.pending':
    'Ο αποδέκτης δεν απάντησε εγκαίρως: η εργασία εκκρεμεί και θα ολοκληρωθεί ή θα αναιρεθεί αυτόματα· ελέγξτε αργότερα την κατάσταση της παραγγελίας',
  'operation.declined': 'Ο αποδέκτης απέρριψε την εργασία (κωδικός ενέργειας {actionCode})',
  'feature.notEnabled':
    'Η παράμετρος [{param}] δεν είναι ακόμη διαθέσιμη: η λειτουργία {feature} δεν είναι ενεργοποιημένη σε αυτή την πύλη πληρωμών',
  'binding.notFound': 'Η αποθηκευμένη κάρτα δεν βρέθηκε',
  'binding.notActive': 'Η αποθηκευμένη κάρτα δεν είναι ενεργή',
  'binding.active': 'Η αποθηκευμένη κάρτα είναι ενεργή',
  'binding.expired': 'Η αποθηκευμένη κάρτα έχει λήξει',
  'bank.countryUnknown': 'Άγνωστη',
  'wallet.tokenMalformed': 'Δεν ήταν δυνατή η ανάγνωση του διακριτικού πληρωμής',
  'wallet.signatureInvalid': 'Η υπογραφή του διακριτικού πληρωμής δεν επαληθεύεται',
  'wallet.chainUntrusted': 'Το διακριτικό πληρωμής δεν είναι υπογεγραμμένο με αξιόπιστο κλειδί πορτοφολιού',
  'wallet.tokenExpired': 'Το διακριτικό πληρωμής έχει λήξει',
  'wallet.keyMismatch': 'Το διακριτικό πληρωμής δεν είναι κρυπτογραφημένο για αυτόν τον έμπορο',
  'wallet.versionUnsupported': 'Αυτή η έκδοση του διακριτικού πληρωμής δεν υποστηρίζεται',
  'wallet.tokenReplayed': 'Αυτό το διακριτικό πληρωμής έχει ήδη χρησιμοποιηθεί',
  'dcc.cardNotEligible':
    'Η μετατροπή νομίσματος δεν είναι διαθέσιμη για αυτήν την κάρτα: χρεώνεται σε {currency}',
  'dcc.rateUnavailable': 'Δεν υπάρχει διαθέσιμη ισοτιμία από {from} σε {to}',
  'dcc.calculationNotFound': 'Ο υπολογισμός DCC {dccUuid} δεν βρέθηκε',
  'dcc.calculationExpired': 'Ο υπολογισμός DCC έχει λήξει: υπολογίστε ξανά τη μετατροπή',
  'dcc.calculationUsed': 'Ο υπολογισμός DCC έχει ήδη χρησιμοποιηθεί για πληρωμή',
  'dcc.calculationMismatch': 'Ο υπολογισμός DCC δεν αντιστοιχεί στην παράμετρο [{param}]',
  'p2p.feeDescription': 'Χρέωση για τη μεταφορά από κάρτα σε κάρτα',
  'p2p.info.done': 'Η μεταφορά ολοκληρώθηκε',
  'p2p.info.declined': 'Η μεταφορά απορρίφθηκε· δεν μετακινήθηκαν χρήματα',
  'payment.approved': 'Η παραγγελία σας υποβλήθηκε σε επεξεργασία, γίνεται ανακατεύθυνση...',
  'payment.declined': 'Η πληρωμή απορρίφθηκε',
  'payment.threeDsMethod':
    'Ο πελάτης πρέπει να ταυτοποιηθεί με 3-D Secure 2: εκτελέστε το 3DS Method και, στη συνέχεια, επαναλάβετε το αίτημα με το threeDSServerTransId',
  'payment.threeDsChallenge':
    'Ο εκδότης της κάρτας ζητά από τον πελάτη να ταυτοποιηθεί: ανακατευθύνετε τον πελάτη στο ACS',
  'payment.threeDsSdk':
    'Ο πελάτης πρέπει να ταυτοποιηθεί με 3-D Secure 2 στην εφαρμογή: δημιουργήστε τη συναλλαγή του 3DS SDK με το threeDSSDKKey και, στη συνέχεια, επαναλάβετε το αίτημα με το threeDSServerTransId και τις τιμές threeDSSDK',
  'payment.threeDsSdkChallenge':
    'Ο εκδότης της κάρτας ζητά από τον πελάτη να ταυτοποιηθεί στην εφαρμογή: ξεκινήστε την επαλήθευση του 3DS SDK με τα threeDSAcsTransactionId, threeDSAcsRefNumber και threeDSAcsSignedContent και, στη συνέχεια, καλέστε τη λειτουργία ολοκλήρωσης',

  'cart.positionDuplicate': 'Το positionId {position} εμφανίζεται περισσότερες από μία φορές στο καλάθι',
  'cart.itemAmountMismatch':
    'Το itemAmount της θέσης {position} πρέπει να ισούται με itemPrice × quantity ({expected})',

  'reason.tooShort': 'τουλάχιστον {min} χαρακτήρες',
  'reason.tooLong': 'το πολύ {max} χαρακτήρες',
  'reason.exactLength': 'ακριβώς {length} χαρακτήρες',
  'reason.digits': 'μόνο ψηφία, από {min} έως {max}',
  'reason.boolean': 'true ή false',
  'reason.oneOf': 'μία από τις τιμές {values}',
  'reason.dateTime': 'ημερομηνία και ώρα σε μορφή yyyy-MM-ddTHH:mm:ss',
  'reason.future': 'χρονική στιγμή στο μέλλον',
  'reason.json': 'έγκυρο JSON',
  'reason.object': 'αντικείμενο JSON',
  'reason.array': 'πίνακας JSON',
  'reason.text': 'τιμή κειμένου',
  'reason.number': 'αριθμός',
  'reason.decimals': 'αριθμός με το πολύ {decimals} δεκαδικά ψηφία',
  'reason.exactlyOne': 'ακριβώς ένα στοιχείο',
  'reason.itemsMax': 'το πολύ {max} στοιχεία',
  'reason.latin': 'λατινικά γράμματα, κενά διαστήματα και οι χαρακτήρες {allowed}',
  'reason.phone': '7 έως 15 ψηφία μαζί με τον κωδικό χώρας, προαιρετικά μετά από + ή 00',
  'reason.single': 'μία μόνο τιμή, όχι επαναλαμβανόμενη παράμετρος',
  'reason.controlCharacter': 'κείμενο χωρίς χαρακτήρες ελέγχου (όπως NUL)',
  'reason.jsonDepth': 'JSON με ένθεση έως {depth} επίπεδα',
  'reason.dccIndivisible':
    'ολόκληρο το υπόλοιπο ποσό ({max}) ή ένα μέρος που αφήνει τουλάχιστον μία ελάχιστη μονάδα για κίνηση και στα δύο νομίσματα',
  'reason.jsonSize': 'JSON έως {max} χαρακτήρων',
  'reason.bindingOfClient': 'αποθηκευμένη κάρτα αυτού του εμπόρου για το clientId της παραγγελίας',
  'reason.integerRange': 'ακέραιος αριθμός από {min} έως {max}',
  'reason.cardNumber': 'αριθμός κάρτας 15 έως 19 ψηφίων που περνά τον έλεγχο Luhn',
  'reason.cardExpiry': 'ημερομηνία λήξης της κάρτας σε μορφή YYYYMM που δεν ανήκει στο παρελθόν',
  'reason.originalPayment': 'η αναφορά της πληρωμής με την οποία αποθηκεύτηκαν τα στοιχεία της κάρτας',
  'reason.seToken':
    'δεδομένα κάρτας κρυπτογραφημένα με το κλειδί της πύλης πληρωμών (RSA-OAEP), όχι παλαιότερα από μία ώρα',

  'actionCode.awaitingPayment': 'Δεν έχει γίνει ακόμη καμία προσπάθεια πληρωμής',
  'reason.callbackAddress': 'μια διεύθυνση https στο δημόσιο διαδίκτυο (όχι loopback, ιδιωτική ή link-local)',
  'actionCode.paymentExpired':
    'Η πληρωμή έληξε: ο χρόνος για την εισαγωγή των στοιχείων της κάρτας εξαντλήθηκε',
  'actionCode.doNotHonour': 'Απορρίφθηκε από τον εκδότη της κάρτας: μη αποδοχή συναλλαγής',
  'actionCode.expiredCard': 'Απορρίφθηκε: η κάρτα έχει λήξει',
  'actionCode.insufficientFunds': 'Απορρίφθηκε: ανεπαρκές υπόλοιπο',
  'actionCode.limitExceeded': 'Απορρίφθηκε: το ποσό υπερβαίνει το όριο της κάρτας',
  'actionCode.lostCard': 'Απορρίφθηκε: έχει δηλωθεί απώλεια της κάρτας',
  'actionCode.incorrectCvc': 'Απορρίφθηκε: ο κωδικός ασφαλείας της κάρτας (CVC) είναι λανθασμένος',
  'actionCode.invalidExpiry': 'Απορρίφθηκε: η ημερομηνία λήξης της κάρτας δεν είναι έγκυρη',
  'actionCode.issuerTimeout': 'Απορρίφθηκε: ο εκδότης της κάρτας δεν απάντησε εγκαίρως',
  'actionCode.threeDsFailed': 'Απορρίφθηκε: η ταυτοποίηση 3-D Secure απέτυχε',
  'actionCode.acsNotReturned': 'Απορρίφθηκε: ο πελάτης δεν επέστρεψε από την ταυτοποίηση 3-D Secure',
  'actionCode.threeDsUnavailable': 'Απορρίφθηκε: δεν ήταν δυνατό να πραγματοποιηθεί η ταυτοποίηση 3-D Secure',
  'actionCode.challengeFailed': 'Απορρίφθηκε: ο πελάτης δεν πέρασε τον έλεγχο 3-D Secure',
  'actionCode.threeDsRejected': 'Απορρίφθηκε: ο εκδότης της κάρτας απέρριψε την ταυτοποίηση 3-D Secure',
  'reason.uuid': 'ένα UUID, π.χ. 123e4567-e89b-12d3-a456-426614174000',
  'reason.jwe': 'ένα JWE σε συμπαγή σειριοποίηση (πέντε τμήματα Base64url χωρισμένα με τελείες)',
  'reason.ecPublicJwk': 'ένα δημόσιο κλειδί P-256 ως JSON Web Key {"kty":"EC","crv":"P-256","x":…,"y":…}',
  'reason.compactDateTime': 'ημερομηνία και ώρα σε μορφή yyyyMMddHHmmss',
  'reason.notBefore': 'χρονική στιγμή όχι νωρίτερα από [{other}]',

  // The hosted payment page (formUrl), in the order's language.
  'page.title': 'Πληρωμή',
  'page.merchant': 'Έμπορος',
  'page.amount': 'Ποσό',
  'page.order': 'Παραγγελία',
  'page.description': 'Περιγραφή',
  'page.timeLeft': 'Υπολειπόμενος χρόνος πληρωμής',
  'page.cardNumber': 'Αριθμός κάρτας',
  'page.expiry': 'Ημερομηνία λήξης (MM/YY)',
  'page.cvc': 'Κωδικός ασφαλείας (CVC)',
  'page.cvcHint': 'Τα 3 ψηφία στο πίσω μέρος της κάρτας',
  'page.cardholder': 'Όνομα κατόχου κάρτας',
  'page.cardholderHint': 'Όπως αναγράφεται στην κάρτα, με λατινικούς χαρακτήρες',
  'page.pay': 'Πληρωμή {amount}',
  'page.processing': 'Η πληρωμή σας βρίσκεται σε επεξεργασία…',
  'page.authenticating': 'Η τράπεζά σας ελέγχει την πληρωμή…',
  'page.continue': 'Συνέχεια',
  'page.noscript': 'Η JavaScript είναι απενεργοποιημένη: πατήστε «Συνέχεια» για να προχωρήσετε.',
  'page.secureNote':
    'Τα στοιχεία της κάρτας σας αποστέλλονται μέσω κρυπτογραφημένης σύνδεσης και δεν εμφανίζονται ποτέ στο κατάστημα.',
  'page.errorSummary': 'Παρακαλούμε διορθώστε τα πεδία που επισημαίνονται παρακάτω',
  'page.error.cardNumber': 'Εισαγάγετε έγκυρο αριθμό κάρτας 15 έως 19 ψηφίων',
  'page.error.expiry': 'Εισαγάγετε την ημερομηνία λήξης ως MM/YY· δεν πρέπει να έχει παρέλθει',
  'page.error.cvc': 'Εισαγάγετε τον τριψήφιο κωδικό ασφαλείας',
  'page.error.cardholder':
    "Εισαγάγετε το όνομα όπως αναγράφεται στην κάρτα: 2 έως 45 λατινικά γράμματα, κενά και . - '",
  'page.declinedNow': 'Η πληρωμή απορρίφθηκε. Μπορείτε να δοκιμάσετε με άλλη κάρτα.',
  'page.expired.title': 'Αυτή η πληρωμή έχει λήξει',
  'page.expired.text':
    'Ο χρόνος για την πληρωμή αυτής της παραγγελίας έληξε. Παρακαλούμε επιστρέψτε στο κατάστημα και κάντε ξανά την παραγγελία.',
  'page.paid.title': 'Αυτή η παραγγελία έχει ήδη πληρωθεί',
  'page.paid.text': 'Η πληρωμή αυτής της παραγγελίας έχει ολοκληρωθεί· δεν χρειάζεται να κάνετε τίποτε άλλο.',
  'page.declined.title': 'Αυτή η παραγγελία δεν μπορεί να πληρωθεί',
  'page.declined.text':
    'Η πληρωμή αυτής της παραγγελίας απορρίφθηκε ή ακυρώθηκε. Παρακαλούμε επιστρέψτε στο κατάστημα.',
  'page.unknown.title': 'Η παραγγελία δεν βρέθηκε',
  'page.unknown.text':
    'Δεν μπορέσαμε να βρούμε αυτή την παραγγελία. Παρακαλούμε ελέγξτε τον σύνδεσμο ή επιστρέψτε στο κατάστημα.',
  'page.inProgress.title': 'Πληρωμή σε εξέλιξη',
  'page.inProgress.text':
    'Η πληρωμή αυτής της παραγγελίας βρίσκεται ήδη σε εξέλιξη. Παρακαλούμε περιμένετε λίγο και επικοινωνήστε με το κατάστημα.',
  'page.back': 'Επιστροφή στο κατάστημα',
  'page.savedCards': 'Οι αποθηκευμένες κάρτες σας',
  'page.savedCard': '{card}, ισχύει έως {expiry}',
  'page.newCard': 'Άλλη κάρτα',
  'page.rememberCard': 'Αποθήκευση αυτής της κάρτας για τις επόμενες αγορές μου',
  'page.error.savedCard': 'Επιλέξτε μία από τις αποθηκευμένες κάρτες σας ή άλλη κάρτα',
  'page.dcc.title': 'Επιλέξτε το νόμισμα πληρωμής',
  'page.dcc.original': 'Πληρωμή {amount} στο νόμισμα του καταστήματος',
  'page.dcc.converted': 'Πληρωμή {amount} στο νόμισμα της κάρτας σας',
  'page.dcc.rate':
    'Ισοτιμία: 1 {from} = {rate} {to}, συμπεριλαμβανομένης προσαύξησης {markup} % επί της ισοτιμίας αναφοράς {directRate}',
  'page.dcc.notice':
    'Τη μετατροπή την προσφέρει ο πάροχος πληρωμών του καταστήματος· η τράπεζά σας δεν θα μετατρέψει αυτή την πληρωμή.',
  'page.error.dccChoice': 'Επιλέξτε το νόμισμα πληρωμής',
  'page.transfer.title': 'Μεταφορά από κάρτα σε κάρτα',
  'page.transfer.amount': 'Ποσό μεταφοράς',
  'page.transfer.fee': 'Χρέωση',
  'page.transfer.total': 'Σύνολο από την κάρτα σας',
  'page.transfer.timeLeft': 'Υπολειπόμενος χρόνος',
  'page.transfer.fromCard': 'Η κάρτα σας (το ποσό χρεώνεται σε αυτήν)',
  'page.transfer.toCard': 'Η κάρτα του παραλήπτη (το ποσό πιστώνεται σε αυτήν)',
  'page.transfer.knownRecipient': 'Κάρτα {card}',
  'page.transfer.submit': 'Μεταφορά {amount}',
  'page.transfer.processing': 'Η μεταφορά εκτελείται…',
  'page.transfer.done.title': 'Αυτή η μεταφορά έγινε',
  'page.transfer.done.text': 'Τα χρήματα μεταφέρθηκαν· δεν χρειάζεται τίποτε άλλο.',
  'page.transfer.declined.title': 'Αυτή η μεταφορά δεν μπορεί να γίνει',
  'page.transfer.declined.text':
    'Η μεταφορά απορρίφθηκε ή ακυρώθηκε και δεν μετακινήθηκαν χρήματα. Επιστρέψτε στον ιστότοπο.',
  'page.transfer.expired.title': 'Αυτή η μεταφορά έληξε',
  'page.transfer.expired.text': 'Ο χρόνος για αυτή τη μεταφορά έληξε. Ξεκινήστε ξανά από τον ιστότοπο.',
  'page.transfer.inProgress.title': 'Μεταφορά σε εξέλιξη',
  'page.transfer.inProgress.text':
    'Αυτή η μεταφορά εκτελείται ήδη. Περιμένετε λίγο και ελέγξτε με τον ιστότοπο.',
  'reason.clockDuration': 'μια διάρκεια όπως 7d, 36h, 1d12h, 90m ή 3600s, πάνω από μηδέν και έως δέκα χρόνια',
  'reason.clockWithoutOrders':
    'έναν έμπορο χωρίς παραγγελίες: ένα δοκιμαστικό ρολόι επιστρέφει σε πραγματικό χρόνο μόνο πριν από την πρώτη παραγγελία',
};
