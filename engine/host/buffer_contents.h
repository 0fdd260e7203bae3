#pragma once

#include "engine/common/result.h"
#include "engine/host/resolved_scenario.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace engine {

/// The initial bytes of a buffer (little-endian elements):
/// zero; iota (element i holds i, converted to the element type); random:SEED (a SplitMix64 stream:
/// integers take the low bits of each draw, floats are uniform in [0, 1) with 24 or 53 random bits);
/// a fill value converted to the element type; or a file's raw bytes, which must match the buffer's size.
/// The same buffer and seed always give the same bytes, on any number of `threads` (large buffers are filled in
/// chunks, one per thread).
Result<std::vector<std::uint8_t>> initialContents(const ResolvedBuffer& buffer, unsigned threads = 1);

/// Zeroed storage for each of `buffers` (buffer.bytes long), the large ones made at the same time on threads of
/// their own: a vector zeroes its bytes on one thread (zeroedByteVector), and the 16 M offset copy makes four
/// buffers of 64 MB before its launch. `threads` bounds the threads in all.
std::vector<std::vector<std::uint8_t>> zeroedStorage(std::span<const ResolvedBuffer> buffers, unsigned threads = 1);

/// The same bytes written into `bytes`, which holds buffer.bytes zeroed bytes (a device allocation): no
/// temporary copy of a large buffer. An error (a file that cannot be read or has the wrong size) leaves
/// `bytes` partly written.
std::optional<Error> writeInitialContents(
    const ResolvedBuffer& buffer, std::span<std::uint8_t> bytes, unsigned threads = 1);

} // namespace engine
