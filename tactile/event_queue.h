// A queue of timestamped events from device threads to the one thread that owns the game (the
// station's inbox, a board reader's inputs). Pushing never blocks on the consumer; the consumer
// waits until an event arrives, a deadline passes or the queue is closed (no polling).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace annabella::tactile {

template <typename Event>
class EventQueue {
 public:
  using Clock = std::chrono::steady_clock;

  // From any thread.
  void push(Event event) {
    {
      std::lock_guard lock(mutex_);
      events_.push_back(std::move(event));
    }
    ready_.notify_one();
  }
  // A sink for a device thread's reader that pushes onto this queue.
  [[nodiscard]] std::function<void(Event)> sink() {
    return [this](Event event) { push(std::move(event)); };
  }

  // The next event, waiting until `deadline` at most (none: no deadline); nullopt when the
  // deadline passed first, or after close() once the queue is empty.
  [[nodiscard]] std::optional<Event> pop_until(std::optional<Clock::time_point> deadline) {
    std::unique_lock lock(mutex_);
    wait(lock, deadline);
    if (events_.empty()) return std::nullopt;
    Event event = std::move(events_.front());
    events_.pop_front();
    return event;
  }

  // Waits as pop_until does, then moves every queued event, in order, to `out`. False once
  // closed and empty.
  bool wait_take(std::vector<Event>& out, std::optional<Clock::time_point> deadline) {
    std::unique_lock lock(mutex_);
    wait(lock, deadline);
    const bool open = !closed_ || !events_.empty();
    for (auto& event : events_) out.push_back(std::move(event));
    events_.clear();
    return open;
  }

  // Wakes every waiter for good (shutdown); events already queued are still delivered.
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }
  [[nodiscard]] bool closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }

 private:
  void wait(std::unique_lock<std::mutex>& lock, std::optional<Clock::time_point> deadline) {
    const auto ready = [this] { return !events_.empty() || closed_; };
    if (deadline)
      ready_.wait_until(lock, *deadline, ready);
    else
      ready_.wait(lock, ready);
  }

  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Event> events_;
  bool closed_ = false;
};

}  // namespace annabella::tactile
