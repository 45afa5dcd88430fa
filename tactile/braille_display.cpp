// BrlAPI adapter: the only file that includes brlapi.h.
#include "tactile/braille_display.h"

#include <brlapi.h>

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
  if (!handle_->header().open) return fail("braille display: not connected");
  std::string line(text.substr(0, static_cast<std::size_t>(cells_)));
  if (brlapi__writeText(handle_->get(), BRLAPI_CURSOR_OFF, line.c_str()) < 0)
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

Result<BrailleTable> braille_table_for(std::string_view language) {
  std::string known;
  for (const auto& entry : kBrailleTables) {
    if (entry.language == language) return entry.table;
    known += (known.empty() ? "" : ", ") + std::string(entry.language);
  }
  return fail("no braille table for the language \"" + std::string(language) +
              "\"; known: " + known);
}

// ---------------------------------------------------------------------------------------------

BrailleClockDisplay::BrailleClockDisplay(std::unique_ptr<BrailleDisplay> display,
                                         core::Color own_side)
    : display_(std::move(display)), own_side_(own_side) {}

void BrailleClockDisplay::show(const core::ClockReading& reading, ClockShowReason why) {
  const std::string line = clock_line(reading, own_side_, display_->cells());
  if (line == last_line_ && why == ClockShowReason::Tick) return;
  if (auto ok = display_->write_text(line); !ok) {
    last_error_ = ok.error().message;
    return;
  }
  last_line_ = line;
}

std::optional<core::ClockInstant> BrailleClockDisplay::next_update(
    const core::ClockReading& reading) {
  return next_second(reading);
}

}  // namespace annabella::tactile
