// The board reader's device thread, the input queue and the game thread's pump.
#include "tactile/board_reader.h"

#include <array>

namespace annabella::tactile {

namespace {

// How long one read may block. Only stop(), request_scan() or the device going away end it
// sooner; an idle board wakes the thread once a minute, for nothing but this loop's check.
constexpr std::chrono::milliseconds kReadBlock{60'000};

BoardInput link_input(BoardInput::Kind kind, std::string detail) {
  BoardInput input;
  input.kind = kind;
  input.time = SteadyClock::now();
  input.detail = std::move(detail);
  return input;
}

}  // namespace

BoardReader::BoardReader(BoardReaderSettings settings, BoardInputSink sink)
    : settings_(std::move(settings)),
      sink_(std::move(sink)),
      protocol_(make_protocol(settings_.protocol)),
      thread_([this] { run(); }) {}

BoardReader::~BoardReader() {
  stop();
}

void BoardReader::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    if (link_) link_->interrupt();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void BoardReader::request_scan() {
  std::lock_guard lock(mutex_);
  if (!link_) return;
  scan_wanted_ = true;
  link_->interrupt();
}

Status BoardReader::write(std::span<const std::uint8_t> bytes) {
  std::lock_guard lock(mutex_);
  if (!link_) return fail(settings_.port.string() + ": the board is not connected");
  return link_->write(bytes);
}

bool BoardReader::connected() const {
  std::lock_guard lock(mutex_);
  return link_ != nullptr;
}

DecoderStats BoardReader::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

void BoardReader::emit(BoardInput input) {
  sink_(std::move(input));
}

bool BoardReader::rest(std::chrono::milliseconds span) {
  std::unique_lock lock(mutex_);
  return wake_.wait_for(lock, span, [this] { return stopping_; });
}

void BoardReader::run() {
  std::chrono::milliseconds retry = settings_.retry_first;
  bool reported_down = false;  // Disconnected said once per episode
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    auto opened = open_serial_link(settings_.port, protocol_->line_settings(), settings_.transport);
    if (!opened) {
      if (!reported_down) {
        reported_down = true;
        emit(link_input(BoardInput::Kind::Disconnected, opened.error().message));
      }
      if (rest(retry)) return;
      retry = std::min(retry * 2, settings_.retry_max);
      continue;
    }
    std::unique_ptr<SerialLink> link = std::move(*opened);
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      link_ = link.get();
      scan_wanted_ = false;
    }
    bool greeted = false;
    const std::string why = serve(*link, greeted);
    {
      std::lock_guard lock(mutex_);
      link_ = nullptr;
    }
    link.reset();             // closes the device
    if (why.empty()) return;  // stopped
    if (greeted) {
      // Connected was said: say Disconnected once, and retry soon (a cable pulled and put
      // back).
      emit(link_input(BoardInput::Kind::Disconnected, why));
      retry = settings_.retry_first;
    } else if (!reported_down) {
      emit(link_input(BoardInput::Kind::Disconnected, why));  // opened, but dead at once
    }
    reported_down = true;
    if (rest(retry)) return;
    if (!greeted) retry = std::min(retry * 2, settings_.retry_max);
  }
}

std::string BoardReader::serve(SerialLink& link, bool& greeted) {
  // The handshake and a full-scan request: the scan is compared with the game (Pegboard).
  if (auto sent = link.write(protocol_->connect_bytes()); !sent) return sent.error().message;
  greeted = true;
  emit(link_input(BoardInput::Kind::Connected,
                  link.name() + " (" + std::string(protocol_name(protocol_->kind())) + ", " +
                      describe(protocol_->line_settings()) + ")"));
  std::array<std::uint8_t, 512> buffer{};
  std::vector<BoardInput> inputs;
  std::vector<std::uint8_t> reply;
  for (;;) {
    bool scan = false;
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return {};
      scan = scan_wanted_;
      scan_wanted_ = false;
    }
    if (scan) reply = protocol_->scan_request();
    if (!reply.empty()) {
      if (auto sent = link.write(reply); !sent) return sent.error().message;
      reply.clear();
    }
    auto got = link.read(buffer, kReadBlock);
    if (!got) return got.error().message;  // gone: the read failed at once, no spinning
    if (*got == 0) continue;               // interrupted or a quiet minute
    const TimePoint arrived = SteadyClock::now();
    protocol_->decode(std::span(buffer.data(), *got), arrived, inputs, reply);
    {
      std::lock_guard lock(mutex_);
      stats_ = protocol_->stats();
    }
    for (auto& input : inputs) emit(std::move(input));
    inputs.clear();
  }
}

// ---------------------------------------------------------------------------------------------

bool pump(BoardInputQueue& queue, Pegboard& pegboard, TimePoint limit,
          std::vector<PegboardEvent>& out) {
  TimePoint until = limit;
  if (const auto next = pegboard.next_deadline(); next && *next < until) until = *next;
  std::vector<BoardInput> inputs;
  const bool open = queue.wait_take(inputs, until);
  for (const auto& input : inputs) pegboard.feed(input, out);
  pegboard.tick(SteadyClock::now(), out);
  return open;
}

}  // namespace annabella::tactile
