/**
 * The Vietnamese texts the API tests expect, written out by hand once (not read from API_MESSAGES, so a
 * changed message fails a test instead of passing with it).
 */
export const MSG = {
  // generic
  badRequest: 'Dữ liệu gửi lên không hợp lệ',
  signIn: 'Vui lòng đăng nhập để tiếp tục',
  pictureNotFound: 'Ảnh không tồn tại, vui lòng tải ảnh lên lại',
  // orders
  fillAllFields: 'Vui lòng điền đầy đủ thông tin',
  chooseProduct: 'Vui lòng chọn sản phẩm',
  itemsUnavailable: 'Sản phẩm không tồn tại hoặc đã ngừng bán',
  itemsMixedPlatforms: 'Các sản phẩm trong giỏ phải thuộc cùng một trò chơi',
  invalidQuantity: 'Số lượng mỗi sản phẩm phải là số nguyên từ 1 đến 100',
  invalidPayMethod: 'Phương thức thanh toán không hợp lệ',
  notEnoughCoins: 'Số coin của bạn không đủ để thanh toán đơn hàng này',
  orderNotFound: 'Không tìm thấy đơn hàng',
  // admin orders
  reload: /Vui lòng tải lại trang/,
  notAllowed: /^Không thể chuyển đơn hàng từ/,
  rejectReason: 'Vui lòng nhập lý do từ chối đơn hàng',
  resultOnlyWhenFinished: 'Chỉ gửi phản hồi và ảnh kết quả khi hoàn thành hoặc từ chối đơn hàng',
  tooManyPictures: 'Tối đa 10 ảnh kết quả',
  // admin catalogue
  nameRequired: 'Vui lòng nhập tên',
  platformNotFound: 'Không tìm thấy trò chơi',
  storeItemNotFound: 'Không tìm thấy sản phẩm',
  reorderInvalid: 'Danh sách sắp xếp không hợp lệ (có mã trùng hoặc không tồn tại)',
  // admin customers
  deltaInvalid: 'Số coin điều chỉnh phải là số nguyên khác 0, tối đa 100.000.000',
  reasonRequired: 'Vui lòng nhập lý do điều chỉnh coin',
  belowAvailable: 'Không thể trừ nhiều hơn số coin khả dụng của khách hàng',
  userNotFound: 'Không tìm thấy khách hàng',
};
