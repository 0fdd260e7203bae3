#pragma once

#include "model/roofline/roofline_run.h"

#include <string>

namespace model {

/// A self-contained SVG of the run's hierarchical roofline (log-log: roofs, and a dot per launch and level),
/// for the HTML and PDF reports; empty when no launch was timed.
std::string rooflineSvg(const RooflineRun& run);

/// The HTML of one launch's speed of light (units by share of peak, the limiter sentence) and memory chart
/// (each link's requests, sectors, bytes and share of peak, each cache's hit rate).
std::string rooflineLaunchHtml(const RooflineRun& run, std::size_t launchIndex);

} // namespace model
