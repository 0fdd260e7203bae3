#pragma once

namespace engine {

/// The hardware threads this process may run on: those of its CPU affinity mask where the host has one (Linux:
/// `taskset`, a container's cpuset), else every hardware thread; at least 1. What "all cores" means for the
/// default thread counts of timed launches and sweeps.
unsigned usableCores();

} // namespace engine
