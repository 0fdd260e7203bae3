#include "tests/model/export/chrome_trace_rules.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

namespace export_tests {

namespace {

struct Span {
    double start = 0;
    double end = 0;
    std::size_t index = 0;
};

/// Timestamps are microseconds with nanosecond digits: compare on the nanosecond grid.
long long ns(double us) { return std::llround(us * 1000.0); }

void checkNesting(const std::pair<long long, long long>& track, std::vector<Span> spans, std::vector<std::string>& out)
{
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
        return ns(a.start) != ns(b.start) ? ns(a.start) < ns(b.start) : ns(a.end) > ns(b.end);
    });
    std::vector<Span> open;
    for (const auto& span : spans) {
        while (!open.empty() && ns(open.back().end) <= ns(span.start))
            open.pop_back();
        if (!open.empty() && ns(span.end) > ns(open.back().end)) {
            out.push_back("events " + std::to_string(open.back().index) + " and " + std::to_string(span.index)
                + " overlap without nesting on pid " + std::to_string(track.first) + " tid "
                + std::to_string(track.second));
            continue;
        }
        open.push_back(span);
    }
}

} // namespace

std::vector<std::string> chromeTraceViolations(const nlohmann::json& document)
{
    std::vector<std::string> out;
    if (!document.is_object() || !document.contains("traceEvents") || !document["traceEvents"].is_array())
        return { "the document is not an object with a traceEvents array" };
    static const std::set<std::string> kMetadata { "process_name", "process_sort_index", "thread_name", "thread_sort_index" };
    std::map<std::pair<long long, long long>, std::vector<Span>> tracks;
    const auto& events = document["traceEvents"];
    for (std::size_t i = 0; i < events.size(); ++i) {
        const auto& e = events[i];
        const auto where = "event " + std::to_string(i) + ": ";
        if (!e.is_object() || !e.contains("ph") || !e["ph"].is_string()) {
            out.push_back(where + "no \"ph\"");
            continue;
        }
        if (!e.contains("pid") || !e["pid"].is_number_integer() || !e.contains("tid") || !e["tid"].is_number_integer()) {
            out.push_back(where + "pid and tid must be integers");
            continue;
        }
        if (!e.contains("name") || !e["name"].is_string()) {
            out.push_back(where + "no name");
            continue;
        }
        const auto ph = e["ph"].get<std::string>();
        if (ph == "M") {
            if (!kMetadata.contains(e["name"].get<std::string>()) || !e.contains("args") || !e["args"].is_object())
                out.push_back(where + "metadata event of unknown kind or without args");
            continue;
        }
        if (!e.contains("ts") || !e["ts"].is_number() || e["ts"].get<double>() < 0) {
            out.push_back(where + "ts must be a number ≥ 0");
            continue;
        }
        if (ph == "i") {
            if (!e.contains("s") || !std::set<std::string> { "g", "p", "t" }.contains(e["s"].get<std::string>()))
                out.push_back(where + "instant event without a scope g, p or t");
            continue;
        }
        if (ph != "X") {
            out.push_back(where + "unexpected phase " + ph);
            continue;
        }
        if (!e.contains("dur") || !e["dur"].is_number() || e["dur"].get<double>() < 0) {
            out.push_back(where + "dur must be a number ≥ 0");
            continue;
        }
        const auto start = e["ts"].get<double>();
        tracks[{ e["pid"].get<long long>(), e["tid"].get<long long>() }].push_back(
            Span { start, start + e["dur"].get<double>(), i });
    }
    for (auto& [track, spans] : tracks)
        checkNesting(track, std::move(spans), out);
    return out;
}

} // namespace export_tests
