/** Vietnamese texts shared by the API and the web app. The texts of docs/product.md are written to the letter. */
export const TEXTS = {
  fillAllFields: 'Vui lòng điền đầy đủ thông tin',
  chooseProduct: 'Vui lòng chọn sản phẩm',
  unexpectedError: 'Lỗi không mong muốn',
  success: 'Thành công',
  signIn: 'Đăng nhập',
  chooseGame: 'Lựa chọn trò chơi',
  processingTime: 'Thời gian xử lý: không quá 10 phút',
  yourInfo: 'Thông tin của bạn',
  nameHelper: 'Vui lòng điền tên của bạn',
  accountHelper: 'Vui lòng điền tên đăng nhập',
  passwordHelper: 'Vui lòng điền mật khẩu đăng nhập game',
  uidHelper: 'Vui lòng điền UID',
  clearCart: 'xoá toàn bộ giỏ hàng',
  noticeTitle: 'Thông báo',
  signInNeeded: 'Bạn cần đăng nhập để đặt hàng, chỉ mất 1s cho bước này thôi.',
  later: 'Để lúc khác',
  orderList: 'Danh sách đơn hàng',
  adminReply: 'Admin phản hồi',
  resultPictures: 'Ảnh kết quả',
  viewOrderList: 'Xem danh sách đơn hàng',
  facebookSdkNotLoaded: 'Facebook SDK chưa được load',
  signInFailed: 'Đăng nhập thất bại',
  itemNameFallback: 'Item Name',
  or: 'Or',
  addedToCart: (itemName: string) => `Thêm ${itemName} vào giỏ hàng thành công`,
  platformHeader: (platform: string, needLogin: boolean) =>
    `${platform} - ${needLogin ? 'nạp qua đăng nhập' : 'nạp qua UID'}`,
  cardLabel: (needLogin: boolean) => (needLogin ? 'Login' : 'UID'),
} as const;

/** Messages the API sends in `{ message, code }` error bodies. */
export const API_MESSAGES = {
  badRequest: 'Dữ liệu gửi lên không hợp lệ',
  malformedJson: 'Dữ liệu gửi lên không đúng định dạng JSON',
  bodyTooLarge: 'Dữ liệu gửi lên quá lớn',
  tooLong: (max: number) => `Thông tin quá dài (tối đa ${max} ký tự)`,
  apiKeyMissing: 'Thiếu hoặc sai khoá API (x-api-key)',
  signInRequired: 'Vui lòng đăng nhập để tiếp tục',
  sessionExpired: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
  forbidden: 'Bạn không có quyền thực hiện thao tác này',
  notFound: 'Không tìm thấy dữ liệu yêu cầu',
  routeNotFound: 'Không tìm thấy đường dẫn yêu cầu',
  orderNotFound: 'Không tìm thấy đơn hàng',
  fileNotFound: 'Không tìm thấy tệp',
  providerNotSupported: 'Phương thức đăng nhập không được hỗ trợ',
  invalidGoogleToken: 'Đăng nhập Google thất bại, vui lòng thử lại',
  emailNotVerified: 'Email Google của bạn chưa được xác minh',
  invalidEmail: 'Email không hợp lệ',
  invalidFacebookToken: 'Đăng nhập Facebook thất bại, vui lòng thử lại',
  invalidRefreshToken: 'Phiên đăng nhập không hợp lệ, vui lòng đăng nhập lại',
  itemsUnavailable: 'Sản phẩm không tồn tại hoặc đã ngừng bán',
  itemsMixedPlatforms: 'Các sản phẩm trong giỏ phải thuộc cùng một trò chơi',
  invalidQuantity: `Số lượng mỗi sản phẩm phải là số nguyên từ 1 đến 100`,
  tooManyLines: 'Giỏ hàng có quá nhiều sản phẩm',
  invalidPayMethod: 'Phương thức thanh toán không hợp lệ',
  notEnoughCoins: 'Số coin của bạn không đủ để thanh toán đơn hàng này',
  idempotencyConflict: 'Yêu cầu đặt hàng trùng mã nhưng khác nội dung',
  tooManyRequests: 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút',
  tooManyStreams: 'Bạn đang mở quá nhiều kết nối theo dõi đơn hàng, vui lòng đóng bớt tab rồi thử lại',
  /** This instance holds as many live streams as it may (EVENT_STREAMS_MAX): try again shortly. */
  streamsFull: 'Máy chủ đang có quá nhiều kết nối theo dõi đơn hàng, vui lòng thử lại sau ít phút',
  /** An item whose coin price is 0 cannot be paid with coins (docs/decisions/0022-promise-lead-time.md). */
  notPayableWithCoins: (item: string) => `Sản phẩm '${item}' không thể thanh toán bằng coin, vui lòng chọn chuyển khoản`,
  /** A staff member asked for what only the shop's owners may do (docs/product.md §6). */
  ownerOnly: 'Chỉ chủ shop mới được thực hiện thao tác này',
  /** Demo sign-in is for the machine the shop runs on: never through a proxy or from another machine. */
  demoSignInLocalOnly: 'Đăng nhập thử chỉ dùng được trên chính máy đang chạy shop',
  adjustIdempotencyConflict: 'Yêu cầu điều chỉnh coin trùng mã nhưng khác nội dung',
  internal: 'Lỗi hệ thống, vui lòng thử lại sau',
  uploadMissing: 'Vui lòng chọn một tệp ảnh để tải lên',
  uploadTooLarge: 'Ảnh quá lớn (tối đa 5 MB)',
  uploadNotImage: 'Tệp không phải ảnh hợp lệ (chỉ nhận PNG, JPEG hoặc WebP)',
  uploadTooManyPixels: 'Ảnh có kích thước quá lớn (tối đa 40 triệu điểm ảnh)',
  // ---------- admin ----------
  orderMoveNotAllowed: (from: string, to: string) => `Không thể chuyển đơn hàng từ '${from}' sang '${to}'`,
  orderChangedReload: (current: string) =>
    `Đơn hàng vừa được người khác cập nhật (trạng thái hiện tại: '${current}'). Vui lòng tải lại trang rồi thử lại.`,
  rejectReasonRequired: 'Vui lòng nhập lý do từ chối đơn hàng',
  resultOnlyWhenFinished: 'Chỉ gửi phản hồi và ảnh kết quả khi hoàn thành hoặc từ chối đơn hàng',
  tooManyResultPictures: 'Tối đa 10 ảnh kết quả',
  pictureNotFound: 'Ảnh không tồn tại, vui lòng tải ảnh lên lại',
  refundNotDue: 'Đơn hàng này không có khoản hoàn tiền đang chờ xử lý',
  passwordUnreadable: 'Không giải mã được mật khẩu game của đơn này (khoá mã hoá đã thay đổi)',
  platformNotFound: 'Không tìm thấy trò chơi',
  storeItemNotFound: 'Không tìm thấy sản phẩm',
  nameRequired: 'Vui lòng nhập tên',
  invalidAmount: (max: number) => `Giá trị phải là số nguyên từ 0 đến ${max.toLocaleString('vi-VN')}`,
  reorderInvalid: 'Danh sách sắp xếp không hợp lệ (có mã trùng hoặc không tồn tại)',
  userNotFound: 'Không tìm thấy khách hàng',
  adjustDeltaInvalid: 'Số coin điều chỉnh phải là số nguyên khác 0, tối đa 100.000.000',
  adjustReasonRequired: 'Vui lòng nhập lý do điều chỉnh coin',
  adjustBelowAvailable: 'Không thể trừ nhiều hơn số coin khả dụng của khách hàng',
  // ---------- payments ----------
  reconcileBusy: 'Một lần đối soát khác đang chạy quá lâu, vui lòng thử lại sau ít phút',
  orderCodeRequired: 'Vui lòng nhập mã đơn hàng',
  transferNotFound: 'Không tìm thấy giao dịch',
  transferNotOpen: 'Giao dịch này đã được xử lý (đã khớp, đã gán hoặc đã hoàn tiền)',
  transferShort: (paid: string, total: string) =>
    `Giao dịch (${paid}) ít hơn tổng tiền đơn (${total}). Hãy xác nhận nếu vẫn muốn gán vào đơn này.`,
  transferOrderNotPayable:
    'Đơn hàng này không chờ thanh toán chuyển khoản (đã thanh toán, hết hạn, bị từ chối hoặc trả bằng coin)',
  webhookUnauthorized: 'Sai hoặc thiếu chữ ký xác thực',
  webhookStale: 'Thông báo đã quá hạn (thời gian lệch quá 5 phút)',
  webhookNotConfigured: 'Cổng thanh toán này chưa được cấu hình',
  /** Audit reasons of the order's history (read by staff). */
  receivedRequired: 'Vui lòng nhập số tiền đã nhận được trong tài khoản để xác nhận thanh toán đơn chuyển khoản',
  receivedInvalid: 'Số tiền đã nhận phải là số nguyên lớn hơn 0, tối đa 10.000.000.000 VNĐ',
  manualPaymentReason: 'Nhân viên xác nhận đã nhận chuyển khoản (nhập tay)',
  manualPaymentVerifiedReason: (provider: string) => `Giao dịch qua ${provider} xác thực khoản nhập tay của nhân viên`,
  transferNotInvalid: 'Chỉ xử lý lại được giao dịch không đọc được',
  transferStillInvalid: 'Nội dung thông báo vẫn chưa đọc được, giao dịch được giữ nguyên',
  reportDayInvalid: 'Ngày không hợp lệ (định dạng YYYY-MM-DD)',
  exportRangeInvalid: 'Khoảng ngày không hợp lệ (từ ngày phải trước đến ngày, tối đa 366 ngày)',
  transferPaidReason: (provider: string) => `Nhận chuyển khoản qua ${provider}, tự động khớp mã đơn`,
  transferAttachedReason: 'Nhân viên gán giao dịch chuyển khoản vào đơn',
} as const;

/** Storefront texts beyond those of docs/product.md (order list, order detail, payment and tracking instructions). */
export const STOREFRONT_TEXTS = {
  orderDetail: 'Chi tiết đơn hàng',
  noOrders: 'Bạn chưa có đơn hàng nào',
  orderNotFound: 'Không tìm thấy đơn hàng',
  orderNotFoundHint: 'Đơn hàng này không tồn tại hoặc không thuộc tài khoản của bạn.',
  noAdminReply: 'Shop chưa phản hồi đơn hàng này.',
  noResultPictures: 'Chưa có ảnh kết quả.',
  coinTracking:
    'Đơn hàng của bạn đã được ghi nhận và số coin cần thanh toán đang được giữ lại. Shop sẽ duyệt và xử lý đơn trong vài phút; bạn theo dõi trạng thái đơn ngay trên trang này hoặc trong Danh sách đơn hàng.',
  bankPayment:
    'Vui lòng chuyển khoản đúng số tiền và đúng nội dung chuyển khoản bên dưới (quét mã QR bằng ứng dụng ngân hàng hoặc chép từng thông tin). Đơn hàng được xử lý ngay khi shop nhận được tiền; bạn theo dõi trạng thái đơn ngay trên trang này hoặc trong Danh sách đơn hàng.',
  contactSupport: (minutes: number) =>
    `Nếu sau ${minutes} phút đơn hàng vẫn ở trạng thái 'Đang chờ duyệt', vui lòng liên hệ hỗ trợ của shop.`,
  copied: (what: string) => `Đã sao chép ${what}`,
  copyFailed: 'Không sao chép được, vui lòng chép thủ công',
  /** Replaces the transfer details once the bank order is paid. */
  bankPaid: 'Shop đã nhận được tiền chuyển khoản. Đơn hàng đang được xử lý.',
  /** The platform page, before the order button: when an order placed now will be done (the 16:00 promise with its lead time). */
  promiseToday: (time: string) => `Hoàn thành trước ${time} hôm nay`,
  promiseTomorrow: (time: string, dayMonth: string) => `Hoàn thành trước ${time} ngày mai (${dayMonth})`,
  promiseOn: (time: string, dayMonth: string) => `Hoàn thành trước ${time} ngày ${dayMonth}`,
  /** The order page: the order's own due time ('16:00 26/11/2026'). */
  orderDueAt: (time: string) => `Hoàn thành trước ${time}`,
  /** An unpaid bank order: its promise starts when the money arrives. */
  orderDueAfterPayment: 'Thời hạn hoàn thành được tính từ lúc shop nhận được tiền chuyển khoản.',
  /** Read out by screen readers when a live update moves the order on screen. */
  orderStatusChanged: (label: string) => `Đơn hàng đã chuyển sang trạng thái '${label}'.`,
} as const;
