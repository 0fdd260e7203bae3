#pragma once

namespace app::cli {

/// Asks the C library's allocator to keep freed memory for reuse, for commands that allocate and free large
/// buffers over and over on worker threads (a sweep: four 64 MB buffers per point at 16 M elements). With
/// glibc's defaults each such buffer is mapped and unmapped per point, and the kernel zero-fills every page
/// anew: a third of a 16 M offset sweep's CPU time (bench/README.md). Call before any worker thread starts.
/// Does nothing where the C library is not glibc.
void keepFreedMemoryForReuse();

} // namespace app::cli
