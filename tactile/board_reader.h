// BoardReader: the device thread between a board's serial line and the game thread.
//
// The reader owns the SerialLink and the protocol decoder. Its thread blocks in read() (poll, no
// polling loop: an idle board costs no CPU), stamps every input with the time its bytes arrived
// and hands it to a sink (normally BoardInputQueue::push). The game thread takes the inputs off
// the queue and feeds them to the Pegboard recogniser (tactile/pegboard.h), which alone gives
// them a meaning; pump() below is that loop's body.
//
// Connection life cycle, as inputs:
//   Connected     the device is open and the handshake and a full-scan request were sent;
//                 the Scan that answers it lets the Pegboard compare the board with the game and
//                 report every difference (PegboardEvent Connected / Reconnected).
//   Disconnected  the device went away (unplugged, pty hung up: the read fails at once, the
//                 thread never spins) or cannot be opened (once per episode, with the reason).
// After a disconnection the thread retries opening the same path with back-off (retry_first,
// doubled up to retry_max), sleeping on a condition variable in between; stop() wakes it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "tactile/board_input.h"
#include "tactile/board_protocol.h"
#include "tactile/event_queue.h"
#include "tactile/pegboard.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {

struct BoardReaderSettings {
  std::filesystem::path port;  // "/dev/ttyUSB0", "/dev/rfcomm0", a simulator's link
  ProtocolKind protocol = ProtocolKind::Dgt;
  Transport transport = Transport::Auto;
  // Reconnection back-off: the first wait after a failure, doubled after each failed attempt up
  // to the maximum. A USB board re-enumerates within about a second of being plugged in.
  std::chrono::milliseconds retry_first{100};
  std::chrono::milliseconds retry_max{2000};
};

// Receives every input, in order, on the device thread: must be quick and thread-safe, and must
// not call the reader's stop() (the device thread cannot join itself).
using BoardInputSink = std::function<void(BoardInput)>;

class BoardReader {
 public:
  // Starts the device thread at once; it opens the port (retrying as above) and calls `sink`
  // for every input until stop().
  BoardReader(BoardReaderSettings settings, BoardInputSink sink);
  ~BoardReader();  // stop()
  BoardReader(const BoardReader&) = delete;
  BoardReader& operator=(const BoardReader&) = delete;

  // Stops and joins the device thread promptly (wakes a blocked read or a back-off wait) and
  // closes the device. No input is delivered after it returns.
  void stop();
  // Asks the board for a full scan (a DGT board dump, a peg SCAN); the Scan input follows.
  // Ignored while disconnected (a reconnection reads the whole board anyway).
  void request_scan();

  bool connected() const;
  // Writes to the board (a DGT board passes clock messages on to its DGT3000). Fails while
  // disconnected. Safe from any thread; the device thread keeps reading meanwhile.
  Status write(std::span<const std::uint8_t> bytes);
  // The decoder's counts so far (messages, garbage bytes, dropped messages), over all
  // connections.
  DecoderStats stats() const;
  const BoardReaderSettings& settings() const { return settings_; }

 private:
  void run();
  // Sends the handshake (then `greeted`: Connected was said) and reads until the link fails or
  // stop(); returns why it ended ("" when stopped).
  std::string serve(SerialLink& link, bool& greeted);
  void emit(BoardInput input);
  // Waits `span` unless stop() comes first; true if stopping.
  bool rest(std::chrono::milliseconds span);

  BoardReaderSettings settings_;
  BoardInputSink sink_;
  std::unique_ptr<BoardProtocol> protocol_;  // used by the device thread only

  mutable std::mutex mutex_;  // guards everything below
  std::condition_variable wake_;
  bool stopping_ = false;
  bool scan_wanted_ = false;
  SerialLink* link_ = nullptr;  // the open link (owned by the device thread), for interrupt()
  DecoderStats stats_;
  std::thread thread_;  // last: started when everything else is ready
};

// A queue of board inputs from a device thread to the game thread; sink() is a BoardInputSink.
using BoardInputQueue = EventQueue<BoardInput>;

// One turn of the game thread's loop for a Pegboard fed by a BoardReader: waits for inputs until
// the Pegboard's next deadline or `limit`, whichever is first, feeds them in order, then fires
// the timers due by now (steady_clock::now()). Appends what they mean to `out`. Returns false
// when the queue is closed and empty.
bool pump(BoardInputQueue& queue, Pegboard& pegboard, TimePoint limit,
          std::vector<PegboardEvent>& out);

}  // namespace annabella::tactile
