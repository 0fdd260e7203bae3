#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine {

/// x86-64's and most arm64 kernels' transparent huge page.
inline constexpr std::size_t kHugePageBytes = std::size_t { 2 } << 20;

/// Marks the huge-page-aligned part of [p, p + bytes) for transparent huge pages, where the kernel offers them on
/// request (transparent_hugepage "madvise", or "always"); nothing where it does not. Call it before the memory is
/// first touched: a fault then maps 2 MB instead of 4 KB.
void adviseHugePages(void* p, std::size_t bytes);

/// `count` zero bytes whose storage, when large, is marked for huge pages before anything touches it: making a
/// 64 MB buffer faults 32 huge pages in, not 16 384 small ones (a page fault costs more inside a virtual machine).
/// With `threads` above 1 a large buffer's pages are faulted in on that many threads at once before the vector
/// zeroes its bytes (populateForWriting): the kernel clears each page, and a scenario's 64 MB buffers were the
/// one-thread part of a launch run on every core.
std::vector<std::uint8_t> zeroedByteVector(std::size_t count, unsigned threads = 1);

/// Faults [p, p + bytes) in for writing, its whole huge pages on up to `threads` threads, without writing them
/// (MADV_POPULATE_WRITE, Linux 5.14 on); nothing where the kernel cannot: the first writes fault them in instead.
void populateForWriting(void* p, std::size_t bytes, unsigned threads);

} // namespace engine
