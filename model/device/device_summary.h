#pragma once

#include <QString>

namespace model {

/// What the GUI shows about one device profile; a copy in Qt types, so views need no engine header.
struct DeviceSummary {
    QString id; ///< short key: "h100"
    QString name; ///< product name
    QString computeCapability; ///< "9.0"
    int smCount = 0;
    double coreClockMhz = 0;
    double theoreticalBandwidthGBps = 0; ///< Best Practices Guide formula, 10^9 bytes/s
    QString origin; ///< "built-in" or the user's profile file
    double eccBandwidthFactor = 1; ///< the share of the theoretical bandwidth DRAM delivers with that ECC setting
};

} // namespace model
