#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

namespace engine::timing {

/// `bytes` of zeros: pages mapped on first touch for large blocks, calloc for small ones; throws
/// std::bad_alloc. Give them back with releaseZeroedBytes and the same size.
void* zeroedBytes(std::size_t bytes);
void releaseZeroedBytes(void* p, std::size_t bytes);

/// A fixed number of T whose all-zero bytes are their initial state. Large arrays are mapped from the operating
/// system as zero pages, mapped on first touch, so an array a launch touches little of (the lines of a 50 MB L2,
/// hashed over 400 000 sets) costs the pages it touches instead of a fill of all of it — every time: calloc
/// gives that only for a process's first large block (glibc raises its mmap threshold to the size of a freed
/// block, so the next run's L2 would come from the heap and be cleared byte by byte). Small arrays come from
/// calloc. T is an implicit-lifetime aggregate (C++20 [intro.object]: calloc and mmap create it).
template <typename T>
class ZeroedBuffer {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    ZeroedBuffer() = default;
    explicit ZeroedBuffer(std::size_t count)
        : m_data(static_cast<T*>(zeroedBytes(std::max<std::size_t>(count, 1) * sizeof(T))),
              Free { std::max<std::size_t>(count, 1) * sizeof(T) })
        , m_size(count)
    {
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
        std::size_t bytes = 0;
        void operator()(T* p) const { releaseZeroedBytes(p, bytes); }
    };
    std::unique_ptr<T, Free> m_data;
    std::size_t m_size = 0;
};

} // namespace engine::timing
