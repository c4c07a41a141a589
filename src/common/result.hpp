// Result<T>: a value or an Error with a human-readable message (DESIGN.md §2.7 errors by kind).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace ventus {

// An input or user error reported at an API/CLI edge; the message names what is at fault.
struct Error {
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(data_); }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<Error>(data_); }

 private:
  std::variant<T, Error> data_;
};

// Result of an operation that yields nothing on success.
struct Unit {};
using Status = Result<Unit>;
inline Status ok_status() {
  return Unit{};
}

}  // namespace ventus
