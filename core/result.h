// Result<T>: the one error style of annabella.
//
// An expected failure (bad input, a missing device, an illegal move) comes back as a value that
// holds either T or an error whose message names what went wrong and where. Programmer errors are
// asserts; exceptions only abort start-up.
//
// core/ is standard library only and must build with clang 14, whose libstdc++ 12 <expected> is
// unusable (it needs C++20 concepts support clang 14 lacks); so this is a small hand-written
// equivalent of std::expected with the same spelling of the common operations.
#pragma once

#include <cassert>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace annabella {

// What went wrong, and where, in words a user can act on.
struct Error {
  std::string message;
};

// Wraps an error so that a Result can be built from it unambiguously: `return fail("...")`.
template <class E = Error>
struct Failure {
  E error;
};

inline Failure<Error> fail(std::string message) {
  return Failure<Error>{Error{std::move(message)}};
}
inline Failure<Error> fail(Error error) {
  return Failure<Error>{std::move(error)};
}
// For a Result whose error type is richer than Error (a move-reading error listing candidates).
template <class E>
Failure<E> fail_with(E error) {
  return Failure<E>{std::move(error)};
}

// Holds a T, or an E (by default an Error) saying why there is none.
template <class T, class E = Error>
class [[nodiscard]] Result {
 public:
  Result(const T& value) : state_(std::in_place_index<0>, value) {}
  Result(T&& value) : state_(std::in_place_index<0>, std::move(value)) {}
  template <class U, class = std::enable_if_t<std::is_constructible_v<T, U&&> &&
                                              !std::is_same_v<std::decay_t<U>, Result> &&
                                              !std::is_same_v<std::decay_t<U>, Failure<E>>>>
  Result(U&& value) : state_(std::in_place_index<0>, T(std::forward<U>(value))) {}
  Result(Failure<E> failure) : state_(std::in_place_index<1>, std::move(failure.error)) {}

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & {
    assert(has_value());
    return std::get<0>(state_);
  }
  const T& value() const& {
    assert(has_value());
    return std::get<0>(state_);
  }
  T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(state_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const E& error() const {
    assert(!has_value());
    return std::get<1>(state_);
  }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? std::get<0>(state_) : T(std::forward<U>(fallback));
  }

 private:
  std::variant<T, E> state_;
};

// Success or an E (by default an Error), for operations that produce nothing.
template <class E>
class [[nodiscard]] Result<void, E> {
 public:
  Result() = default;
  Result(Failure<E> failure) : error_(std::move(failure.error)), failed_(true) {}

  bool has_value() const noexcept { return !failed_; }
  explicit operator bool() const noexcept { return has_value(); }
  const E& error() const {
    assert(failed_);
    return error_;
  }

 private:
  E error_{};
  bool failed_ = false;
};

using Status = Result<void>;

}  // namespace annabella
