# Vietnamese. Schema and meaning of every list: see en.hcl. Words are
# syllables separated by spaces, so most cues are several syllables long.

language "vi" {
  name    = "Tiếng Việt"
  stemmer = "" # no Snowball stemmer for Vietnamese

  # Negations that forbid by themselves (see en.hcl).

  prohibitive = ["đừng", "không được", "cấm", "nghiêm cấm", "không bao giờ", "tuyệt đối không", "không nên", "chớ"]

  negation = ["không", "ko", "hông", "chẳng", "chả", "đừng", "không được",
    "không bao giờ", "chẳng bao giờ", "đừng bao giờ", "cấm", "nghiêm cấm", "bị cấm",
    "cấm tuyệt đối", "tuyệt đối không", "không cho phép", "không được phép",
    "không thể", "không nên", "tránh", "không được động vào", "đừng động vào",
    "đừng đụng", "đừng đụng vào", "không đụng", "chỉ đọc", "bị khóa", "đã khóa",
    "đóng băng", "chặn", "bị chặn", "từ chối", "không ai", "không gì", "không có",
    "không một"]
  only = ["chỉ", "chỉ có", "chỉ được", "duy nhất", "thôi", "giới hạn ở",
    "giới hạn trong", "không gì ngoài"]
  upper = ["tối đa", "nhiều nhất", "không quá", "không vượt quá", "không được vượt quá",
    "không hơn", "lên tới", "lên đến", "dưới", "ít hơn", "thấp hơn", "nhỏ hơn",
    "giới hạn", "mức trần", "trong vòng", "trở xuống", "hoặc ít hơn", "tối đa là",
    "max", "không cao hơn", "không lâu hơn"]
  lower = ["tối thiểu", "ít nhất", "không dưới", "không ít hơn", "trở lên",
    "hoặc nhiều hơn", "nhiều hơn", "hơn", "cao hơn", "lớn hơn", "trên mức", "ít ra",
    "tối thiểu là", "min", "không thấp hơn"]
  firm = ["tối đa", "tối đa là", "max", "tối thiểu", "ít nhất", "ít ra", "tối thiểu là", "min"]
  before = ["trước", "trước khi", "trước ngày", "chậm nhất", "muộn nhất",
    "không muộn hơn", "hạn chót", "hạn cuối", "thời hạn", "deadline", "cho đến",
    "cho tới", "đến hết", "đến trước"]
  after = ["sau", "sau khi", "sau ngày", "không sớm hơn", "sớm nhất", "từ", "kể từ",
    "kể từ khi", "bắt đầu từ", "từ ngày", "ngay khi", "một khi"]
  must = ["phải", "bắt buộc", "bắt buộc phải", "cần", "cần phải", "luôn", "luôn luôn",
    "lúc nào cũng", "yêu cầu", "đòi hỏi", "nhất định phải", "buộc phải", "đảm bảo",
    "bảo đảm", "hãy đảm bảo", "chắc chắn rằng", "nhớ", "hãy nhớ", "đừng quên",
    "mỗi lần", "mọi lúc", "cần thiết"]
  # What makes a duty hold at all times, not once (a task).
  standing = ["luôn", "luôn luôn", "lúc nào cũng", "mọi lúc", "mỗi lần", "mỗi khi", "từ nay về sau", "từ nay trở đi", "từ giờ trở đi", "từ bây giờ trở đi", "theo mặc định"]
  weaken = ["cố gắng", "hãy cố", "cố gắng không", "cố gắng đừng", "lý tưởng nhất",
    "lý tưởng là", "nếu có thể", "nếu được", "khi có thể", "ưu tiên", "tốt nhất là",
    "cân nhắc", "xem xét", "tùy chọn", "không bắt buộc", "khuyến nghị", "khuyến khích",
    "được khuyến nghị", "nếu bạn có thể", "sẽ tốt hơn nếu", "nếu tiện", "càng ít càng tốt"]
  exception = ["ngoại trừ", "trừ", "trừ khi", "trừ phi", "ngoài", "ngoại lệ",
    "nhưng không", "khác với", "không tính", "không kể", "loại trừ"]
  condition = ["nếu", "khi", "mỗi khi", "bất cứ khi nào", "trong khi", "trong lúc",
    "trong suốt", "trong thời gian", "mà không", "nếu như", "trong trường hợp",
    "miễn là", "với điều kiện", "giả sử", "lúc"]
  lift = ["dỡ bỏ", "đã dỡ bỏ", "bãi bỏ", "gỡ bỏ", "không còn", "không cần nữa",
    "không còn hiệu lực", "hết hiệu lực", "giờ có thể", "bây giờ có thể", "giờ được",
    "bây giờ được", "được phép lại", "cứ làm đi", "cứ tiến hành", "tiếp tục đi", "hủy",
    "đã hủy", "bị hủy", "thu hồi", "quên điều đó đi", "quên đi", "bỏ qua",
    "bỏ qua điều đó", "không sao", "xóa bỏ", "đã xóa", "kết thúc", "đã kết thúc",
    "hết rồi"]
  replace = ["thay vì", "thay vào đó", "thay thế", "thay bằng", "được thay bằng",
    "đổi thành", "đổi sang", "chuyển sang", "chuyển thành", "dời sang", "dời đến",
    "hoãn đến", "bây giờ", "hiện giờ", "hiện nay", "từ nay", "mới", "đính chính", "sửa lại"]
  failed = ["thất bại", "lỗi", "bị lỗi", "gặp lỗi", "không hoạt động",
    "không thành công", "không ăn thua", "hỏng", "bị hỏng", "sập", "bị sập", "treo",
    "bị treo", "crash", "hết thời gian chờ", "quá thời gian", "timeout", "bị từ chối",
    "hoàn tác", "rollback", "không giúp được", "vô ích", "không hiệu quả"]
  consequence = ["nếu không thì", "kẻo"]
  reason = ["vì", "bởi vì"]
  summary = ["tóm tắt", "bản tóm tắt"]
  report = ["hỏi", "đã hỏi", "thắc mắc", "đợi", "chờ", "đã đợi", "đã chờ", "mất",
    "đã mất", "phàn nàn", "than phiền", "đã nói", "bảo", "nhắc đến", "đề cập",
    "lần trước", "lần cuối", "năm ngoái", "hôm qua", "tuần trước",
    "cho bạn biết", "thông tin cho bạn", "tôi đã đợi", "bị gọi dậy", "bị đánh thức", "tối qua", "đêm qua",
    "hai tuần nay", "mấy tuần nay", "mấy hôm nay"]
  ask = ["hỏi có", "hỏi xem", "hỏi liệu", "hỏi là", "hỏi rằng", "phàn nàn", "than phiền",
    "nói với tôi là", "nói với tôi rằng", "nói với mình là", "nói với anh là", "nói với em là", "bảo tôi là",
    "đừng nói với tôi là", "ước gì", "giá mà", "giá như",
    "mong là", "tôi mơ", "mình mơ", "sẽ thật tốt nếu", "sẽ rất tốt nếu", "thì tốt quá", "thì hay quá"]
  neutral = ["không có gì chắc chắn", "chẳng có gì chắc chắn", "chả có gì chắc chắn", "ko có gì chắc chắn", "không có gì là chắc chắn", "không có gì được quyết định", "không chắc chắn", "không biết", "không sao", "chưa", "đừng lo", "không sao đâu"]

  coordinators = ["và", "nhưng", "cũng", "còn", "thêm", "cộng", "rồi", "sau đó", "hoặc",
    "hay"]

  numbers = {
    "một" = 1, "hai" = 2, "ba" = 3, "bốn" = 4, "tư" = 4, "năm" = 5, "lăm" = 5,
    "sáu" = 6, "bảy" = 7, "bẩy" = 7, "tám" = 8, "chín" = 9, "mười" = 10,
    "mười một" = 11, "mười hai" = 12, "mười ba" = 13, "mười bốn" = 14,
    "mười lăm" = 15, "mười sáu" = 16, "mười bảy" = 17, "mười tám" = 18,
    "mười chín" = 19, "hai mươi" = 20, "hai mươi bốn" = 24, "hai tư" = 24,
    "ba mươi" = 30, "bốn mươi" = 40, "năm mươi" = 50, "sáu mươi" = 60,
    "bảy mươi" = 70, "tám mươi" = 80, "chín mươi" = 90, "rưỡi" = 0.5, "nửa" = 0.5,
    "một nửa" = 0.5, "tá" = 12, "cả hai" = 2, "đôi" = 2, "số không" = 0
  }
  scales = {
    "mươi" = 10, "chục" = 10, "trăm" = 100, "nghìn" = 1000, "ngàn" = 1000, "k" = 1000,
    "triệu" = 1000000, "tr" = 1000000, "tỷ" = 1000000000, "tỉ" = 1000000000,
    "nghìn tỷ" = 1000000000000
  }

  units = {
    "mili giây" = "ms", "miligiây" = "ms",
    "giây" = "s", "phút" = "min", "giờ" = "h", "tiếng" = "h", "ngày" = "d",
    "tuần" = "wk", "tháng" = "mo", "năm" = "yr", "phần trăm" = "%", "mét" = "m",
    "cây số" = "km", "ki-lô-mét" = "km", "kilômét" = "km", "ki-lô-gam" = "kg",
    "kilôgam" = "kg", "cân" = "kg", "ký" = "kg", "kí" = "kg", "gam" = "g", "tấn" = "t",
    "lít" = "l", "mét khối" = "m3", "khối" = "m3", "độ" = "deg", "đồng" = "VND",
    "vnđ" = "VND", "đô" = "USD", "đô la" = "USD", "euro" = "EUR", "bảng anh" = "GBP",
    "franc thụy sĩ" = "CHF"
  }
  # "một ngày" after a value is "a day", as "a" is in English.
  per = ["mỗi", "trên mỗi", "một"]
  every = ["mỗi"] # the number after it is an interval: a bound before it bounds how often
  rule_words = ["quy định", "quy tắc", "nguyên tắc", "giới hạn", "ràng buộc", "điều kiện"]
  periods = { "hàng tháng" = "mo", "hằng tháng" = "mo", "hàng ngày" = "d", "hằng ngày" = "d", "hàng tuần" = "wk", "hằng tuần" = "wk", "hàng năm" = "yr", "hằng năm" = "yr" }

  months = {
    "tháng một" = 1, "tháng giêng" = 1, "tháng hai" = 2, "tháng ba" = 3,
    "tháng tư" = 4, "tháng bốn" = 4, "tháng năm" = 5, "tháng sáu" = 6,
    "tháng bảy" = 7, "tháng tám" = 8, "tháng chín" = 9, "tháng mười" = 10,
    "tháng mười một" = 11, "tháng mười hai" = 12, "tháng chạp" = 12,
    "tháng 1" = 1, "tháng 2" = 2, "tháng 3" = 3, "tháng 4" = 4, "tháng 5" = 5,
    "tháng 6" = 6, "tháng 7" = 7, "tháng 8" = 8, "tháng 9" = 9, "tháng 10" = 10,
    "tháng 11" = 11, "tháng 12" = 12, "tháng 01" = 1, "tháng 02" = 2, "tháng 03" = 3,
    "tháng 04" = 4, "tháng 05" = 5, "tháng 06" = 6, "tháng 07" = 7, "tháng 08" = 8,
    "tháng 09" = 9
  }
  weekdays = {
    "thứ hai" = 1, "thứ ba" = 2, "thứ tư" = 3, "thứ năm" = 4, "thứ sáu" = 5,
    "thứ bảy" = 6, "chủ nhật" = 7, "thứ 2" = 1, "thứ 3" = 2, "thứ 4" = 3, "thứ 5" = 4,
    "thứ 6" = 5, "thứ 7" = 6, "t2" = 1, "t3" = 2, "t4" = 3, "t5" = 4, "t6" = 5,
    "t7" = 6, "cn" = 7
  }
  clock = ["giờ", "h"]
  pm    = ["chiều", "tối"]
  am    = ["sáng"]

  # Letters that mark the language, for a text with no function word.

  letters = "ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ"

  stopwords = ["của", "và", "là", "có", "những", "các", "cho", "được", "trong", "với",
    "này", "đó", "người", "đã", "sẽ", "đang", "thì", "mà", "để", "ở", "tôi", "bạn",
    "chúng tôi", "chúng ta", "anh", "chị", "em", "họ", "nó", "ông", "bà", "ra", "vào",
    "lên", "xuống", "như", "rất", "nhiều", "nào", "gì", "ai", "đâu", "sao", "vì", "vẫn",
    "lại", "hãy", "xin", "vui lòng", "cảm ơn", "ạ", "nhé", "nha", "ơi", "đây", "kia",
    "ấy", "bị", "cái", "việc", "nên", "làm", "thế", "cũng", "đều", "chưa", "rằng"]
  # "or" joins what one negation forbids: "never A or B" is one rule.
  disjunctions = ["hoặc", "hay"]
  # What follows is a past that no longer holds: a rule told after it is history.
  former = ["ngày xưa", "hồi trước"]
}
