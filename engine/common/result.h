#pragma once

#include "engine/common/error.h"

#include <stdexcept>
#include <utility>
#include <variant>

namespace engine {

/// A value or the user error that prevented it (C++20 has no std::expected).
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value)
        : m_state(std::move(value))
    {
    }
    Result(Error error)
        : m_state(std::move(error))
    {
    }

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T& value() const&
    {
        check();
        return std::get<T>(m_state);
    }
    T& value() &
    {
        check();
        return std::get<T>(m_state);
    }
    T&& value() &&
    {
        check();
        return std::get<T>(std::move(m_state));
    }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<Error>(m_state); }

private:
    void check() const
    {
        // Reading the value of a failed result is a bug in the caller, not a user error.
        if (!ok())
            throw std::logic_error("Result::value() on an error: " + std::get<Error>(m_state).toString());
    }

    std::variant<T, Error> m_state;
};

} // namespace engine
