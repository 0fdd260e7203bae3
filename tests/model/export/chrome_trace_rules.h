#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace export_tests {

/// The rules of the Chrome trace-event format (JSON Object Format) that Perfetto and chrome://tracing
/// rely on, checked on a parsed document: a "traceEvents" array; every event an object with a known
/// "ph"; "X" events with name, numeric ts ≥ 0, dur ≥ 0, integer pid and tid; "i" events with a scope;
/// "M" events naming a process or thread; and, per (pid, tid), complete events that nest (each either
/// ends before the next starts or contains it). Returns one line per violation; empty when valid.
std::vector<std::string> chromeTraceViolations(const nlohmann::json& document);

} // namespace export_tests
