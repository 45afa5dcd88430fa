// BrlAPI adapter: the only file that includes brlapi.h.
#include "tactile/braille_display.h"

#include <brlapi.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <new>
#include <thread>

namespace annabella::tactile {

namespace {

struct LanguageTable {
  std::string_view language;
  BrailleTable table;
};
constexpr LanguageTable kBrailleTables[] = {
    {"bg", {"bg.utb", true, ""}},
    {"de", {"de-g0.utb", true, ""}},
    {"en", {"en-ueb-g1.ctb", true, ""}},
    {"mk",
     {"sr-g1.ctb", false,
      "Macedonian has no liblouis table; the Serbian one stands in (the same Yugoslav braille "
      "tradition); it has no cells for ѓ, ќ, ѕ"}},
    {"ru", {"ru-litbrl.ctb", true, ""}},
    {"sq",
     {"en-ueb-g1.ctb", false,
      "Albanian has no liblouis table; Unified English Braille stands in and spells ë and ç with "
      "its accent modifiers"}},
    {"sr", {"sr-g1.ctb", true, ""}},
    {"sr-Cyrl", {"sr-g1.ctb", true, ""}},
};

BrailleKey basic_command(std::uint32_t command, BrailleKey key) {
  switch (command) {
    case BRLAPI_KEY_CMD_LNUP:
      key.kind = BrailleKeyKind::LineUp;
      break;
    case BRLAPI_KEY_CMD_LNDN:
      key.kind = BrailleKeyKind::LineDown;
      break;
    case BRLAPI_KEY_CMD_FWINLT:
      key.kind = BrailleKeyKind::PanLeft;
      break;
    case BRLAPI_KEY_CMD_FWINRT:
      key.kind = BrailleKeyKind::PanRight;
      break;
    case BRLAPI_KEY_CMD_TOP:
    case BRLAPI_KEY_CMD_TOP_LEFT:
      key.kind = BrailleKeyKind::Top;
      break;
    case BRLAPI_KEY_CMD_BOT:
    case BRLAPI_KEY_CMD_BOT_LEFT:
      key.kind = BrailleKeyKind::Bottom;
      break;
    case BRLAPI_KEY_CMD_HOME:
      key.kind = BrailleKeyKind::Home;
      break;
    case BRLAPI_KEY_CMD_PREFMENU:
      key.kind = BrailleKeyKind::Menu;
      break;
    case BRLAPI_KEY_CMD_PRDIFLN:
      key.kind = BrailleKeyKind::PreviousLine;
      break;
    case BRLAPI_KEY_CMD_NXDIFLN:
      key.kind = BrailleKeyKind::NextLine;
      break;
    default:
      break;
  }
  return key;
}

BrailleKey command_key(const brlapi_expandedKeyCode_t& e, BrailleKey key) {
  const std::uint32_t block = e.command & BRLAPI_KEY_CMD_BLK_MASK;
  if (block == 0) return basic_command(e.command, key);
  if (block == BRLAPI_KEY_CMD_ROUTE) {
    key.kind = BrailleKeyKind::Routing;
    key.cell = static_cast<int>(e.argument);
  } else if (block == BRLAPI_KEY_CMD_PASSDOTS) {
    // The dots of a cell (dot 1 = bit 0); BRLAPI_DOTC: typed with the space bar.
    if ((e.argument & ~static_cast<std::uint32_t>(0x1FF)) != 0) return key;
    key.dots = static_cast<std::uint8_t>(e.argument & 0xFF);
    key.chord = (e.argument & BRLAPI_DOTC) != 0;
    key.kind = key.dots == 0 && key.chord ? BrailleKeyKind::Space : BrailleKeyKind::Dots;
  }
  return key;
}

BrailleKey symbol_key(std::uint64_t code, BrailleKey key) {
  const std::uint64_t modifiers =
      BRLAPI_KEY_FLG_CONTROL | BRLAPI_KEY_FLG_META | BRLAPI_KEY_FLG_ALTGR | BRLAPI_KEY_FLG_GUI;
  if ((code & modifiers) != 0) return key;  // Control+x and the like: not ours
  const std::uint64_t symbol = code & BRLAPI_KEY_CODE_MASK;
  // The keyboard keys BRLTTY's chords give on a display with a braille keyboard (Space+Dot1 is
  // the up arrow, Dot8 is RETURN; BRLTTY's chords.kti) count as the display's own keys.
  struct Named {
    std::uint64_t symbol;
    BrailleKeyKind kind;
  };
  static constexpr Named kNamed[] = {
      {BRLAPI_KEY_SYM_LINEFEED, BrailleKeyKind::Enter},
      {BRLAPI_KEY_SYM_BACKSPACE, BrailleKeyKind::Backspace},
      {BRLAPI_KEY_SYM_ESCAPE, BrailleKeyKind::Escape},
      {BRLAPI_KEY_SYM_UP, BrailleKeyKind::LineUp},
      {BRLAPI_KEY_SYM_DOWN, BrailleKeyKind::LineDown},
      {BRLAPI_KEY_SYM_LEFT, BrailleKeyKind::PanLeft},
      {BRLAPI_KEY_SYM_RIGHT, BrailleKeyKind::PanRight},
      {BRLAPI_KEY_SYM_HOME, BrailleKeyKind::Top},
      {BRLAPI_KEY_SYM_END, BrailleKeyKind::Bottom},
  };
  for (const auto& named : kNamed) {
    if (named.symbol != symbol) continue;
    key.kind = named.kind;
    return key;
  }
  if ((symbol & BRLAPI_KEY_SYM_UNICODE) != 0) {
    const std::uint64_t c = symbol & 0xFFFFFF;
    if (c > 0x10FFFF || c == 0xFFFD) return key;  // not a character (U+FFFD: BRLTTY cannot read it)
    key.kind = BrailleKeyKind::Character;
    key.character = static_cast<char32_t>(c);
  } else if (symbol == 0x20) {
    key.kind = BrailleKeyKind::Space;
  } else if (symbol > 0x20 && symbol <= 0xFF && symbol != 0x7F) {
    key.kind = BrailleKeyKind::Character;  // Latin-1 key symbols are the characters themselves
    key.character = static_cast<char32_t>(symbol);
  }
  return key;
}

std::string brlapi_message() {
  char text[256];
  brlapi_strerror_r(&brlapi_error, text, sizeof text);
  return text;
}

}  // namespace

// One allocation: a header with the recorded exception, then BrlAPI's opaque handle. The
// exception handler gets the handle's address and finds the header just before it, so no
// process-wide state is needed.
struct BrailleDisplay::Handle {
  struct alignas(std::max_align_t) Header {
    std::atomic<int> exception{0};
    bool open = false;
  };

  Handle() : memory(new std::byte[sizeof(Header) + brlapi_getHandleSize()]) {
    new (memory.get()) Header();
  }
  ~Handle() {
    if (header().open) brlapi__closeConnection(get());
    header().~Header();
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  Header& header() { return *std::launder(reinterpret_cast<Header*>(memory.get())); }
  brlapi_handle_t* get() {
    return reinterpret_cast<brlapi_handle_t*>(memory.get() + sizeof(Header));
  }

  static void BRLAPI_STDCALL on_exception(brlapi_handle_t* handle, int error, brlapi_packetType_t,
                                          const void*, std::size_t) {
    auto* header = std::launder(
        reinterpret_cast<Header*>(reinterpret_cast<std::byte*>(handle) - sizeof(Header)));
    header->exception.store(error == 0 ? -1 : error);
  }

  std::unique_ptr<std::byte[]> memory;
};

Result<std::unique_ptr<BrailleDisplay>> BrailleDisplay::connect(const BrailleSettings& settings) {
  auto handle = std::make_unique<Handle>();
  brlapi_connectionSettings_t wanted{};
  wanted.auth = settings.auth.empty() ? nullptr : const_cast<char*>(settings.auth.c_str());
  wanted.host = settings.host.empty() ? nullptr : const_cast<char*>(settings.host.c_str());
  const std::string where = settings.host.empty() ? "the local BRLTTY" : settings.host;
  const auto deadline = std::chrono::steady_clock::now() + settings.wait;
  // BRLTTY accepts connections about a second after it starts: retry until the deadline.
  while (brlapi__openConnection(handle->get(), &wanted, nullptr) < 0) {
    if (std::chrono::steady_clock::now() >= deadline)
      return fail("braille display: cannot connect to " + where + ": " + brlapi_message());
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  handle->header().open = true;
  brlapi__setExceptionHandler(handle->get(), &Handle::on_exception);
  unsigned int width = 0, height = 0;
  while (true) {
    if (brlapi__getDisplaySize(handle->get(), &width, &height) < 0)
      return fail("braille display: " + where + " gave no display size: " + brlapi_message());
    if (width > 0) break;  // 0 until the driver has found the display
    if (std::chrono::steady_clock::now() >= deadline)
      return fail("braille display: " + where + " has no braille display connected");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (brlapi__enterTtyModeWithPath(handle->get(), nullptr, 0, nullptr) < 0)
    return fail("braille display: " + where + " did not give the display: " + brlapi_message());
  // Every key, BRLTTY's commands and key symbols alike, comes to annabella during a game.
  if (brlapi__acceptKeys(handle->get(), brlapi_rangeType_all, nullptr, 0) < 0)
    return fail("braille display: " + where + " did not give its keys: " + brlapi_message());
  return std::unique_ptr<BrailleDisplay>(
      new BrailleDisplay(std::move(handle), static_cast<int>(width)));
}

BrailleDisplay::BrailleDisplay(std::unique_ptr<Handle> handle, int cells)
    : handle_(std::move(handle)), cells_(cells) {}

BrailleDisplay::~BrailleDisplay() {
  if (handle_ && handle_->header().open) brlapi__leaveTtyMode(handle_->get());
}

bool BrailleDisplay::connected() const {
  return handle_ && handle_->header().open && handle_->header().exception.load() == 0;
}

Status BrailleDisplay::write_text(std::string_view text) {
  return write_line(text, nullptr);
}

Status BrailleDisplay::write_dots(std::string_view text, const std::vector<unsigned char>& dots) {
  return write_line(text, &dots);
}

Status BrailleDisplay::write_line(std::string_view text, const std::vector<unsigned char>* dots) {
  if (!handle_->header().open) return fail("braille display: not connected");
  // UTF-8 ("Menü"), cut to the display's width in characters, not bytes.
  std::size_t end = 0;
  int characters = 0;
  while (end < text.size() && characters < cells_) {
    ++end;
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0U) == 0x80U) ++end;
    ++characters;
  }
  std::string line(text.substr(0, end));
  brlapi_writeArguments_t arguments = BRLAPI_WRITEARGUMENTS_INITIALIZER;
  arguments.regionBegin = 1;
  arguments.regionSize = cells_;
  // BrlAPI wants the whole region: pad with blanks.
  line.append(static_cast<std::size_t>(cells_ - characters), ' ');
  arguments.text = line.c_str();
  arguments.textSize = static_cast<int>(line.size());
  arguments.charset = const_cast<char*>("UTF-8");
  arguments.cursor = BRLAPI_CURSOR_OFF;
  // The player's braille (issue 17): BRLTTY's translation of the text is masked out (and 0) and
  // the cells given put in (or), blank cells after them.
  std::vector<unsigned char> none;
  std::vector<unsigned char> cells;
  if (dots != nullptr) {
    none.assign(static_cast<std::size_t>(cells_), 0);
    cells.assign(static_cast<std::size_t>(cells_), 0);
    std::copy_n(dots->begin(), std::min(dots->size(), cells.size()), cells.begin());
    arguments.andMask = none.data();
    arguments.orMask = cells.data();
  }
  if (brlapi__write(handle_->get(), &arguments) < 0)
    return fail("braille display: write failed: " + brlapi_message());
  if (const int error = handle_->header().exception.exchange(0); error != 0) {
    brlapi_error_t e{};
    e.brlerrno = static_cast<decltype(e.brlerrno)>(error);
    char reason[256];
    brlapi_strerror_r(&e, reason, sizeof reason);
    return fail(std::string("braille display: BRLTTY refused a write: ") + reason);
  }
  return {};
}

Result<std::optional<BrailleKey>> BrailleDisplay::read_key(std::chrono::milliseconds wait) {
  if (!handle_->header().open) return fail("braille display: not connected");
  brlapi_keyCode_t code = 0;
  const int got = brlapi__readKeyWithTimeout(handle_->get(), static_cast<int>(wait.count()), &code);
  if (got < 0) return fail("braille display: reading a key failed: " + brlapi_message());
  if (const int error = handle_->header().exception.load(); error != 0)
    return fail("braille display: the connection to BRLTTY failed");
  if (got == 0) return std::optional<BrailleKey>{};
  BrailleKey key = decode_brlapi_key(code);
  key.time = std::chrono::steady_clock::now();
  return std::optional<BrailleKey>{std::move(key)};
}

BrailleKey decode_brlapi_key(std::uint64_t code) {
  BrailleKey key;
  key.code = code;
  brlapi_expandedKeyCode_t expanded{};
  if (brlapi_expandKeyCode(code, &expanded) < 0) return key;
  if (expanded.type == BRLAPI_KEY_TYPE_CMD)
    key = command_key(expanded, key);
  else if (expanded.type == BRLAPI_KEY_TYPE_SYM)
    key = symbol_key(code, key);
  if (key.kind == BrailleKeyKind::Unknown) {
    brlapi_describedKeyCode_t described{};
    if (brlapi_describeKeyCode(code, &described) >= 0) {
      key.name = described.type != nullptr ? described.type : "";
      if (described.command != nullptr) key.name += std::string(" ") + described.command;
    }
  }
  return key;
}

Result<BrailleTable> braille_table_for(std::string_view language) {
  std::string known;
  for (const auto& entry : kBrailleTables) {
    if (entry.language == language) return entry.table;
    known += (known.empty() ? "" : ", ") + std::string(entry.language);
  }
  return fail("no braille table for the language \"" + std::string(language) +
              "\"; known: " + known);
}

}  // namespace annabella::tactile
