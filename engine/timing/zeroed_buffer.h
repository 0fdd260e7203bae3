#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

namespace engine::timing {

/// A fixed number of T whose all-zero bytes are their initial state, allocated with calloc: the host's
/// allocator takes a large block straight from the operating system as zero pages mapped on first touch, so
/// an array a launch touches little of (the lines of a 50 MB L2, hashed over 400 000 sets) costs the pages it
/// touches instead of a fill of all of it. T is an implicit-lifetime aggregate (C++20 [intro.object]: calloc
/// creates it).
template <typename T>
class ZeroedBuffer {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    ZeroedBuffer() = default;
    explicit ZeroedBuffer(std::size_t count)
        : m_data(static_cast<T*>(std::calloc(count == 0 ? 1 : count, sizeof(T))))
        , m_size(count)
    {
        if (!m_data)
            throw std::bad_alloc();
    }

    T& operator[](std::size_t i) { return m_data.get()[i]; }
    const T& operator[](std::size_t i) const { return m_data.get()[i]; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// Every element back to all zeros.
    void zero()
    {
        if (m_size != 0)
            std::memset(static_cast<void*>(m_data.get()), 0, m_size * sizeof(T));
    }

private:
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T, Free> m_data;
    std::size_t m_size = 0;
};

} // namespace engine::timing
