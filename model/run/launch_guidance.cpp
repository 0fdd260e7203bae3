#include "model/run/launch_guidance.h"

#include <QCoreApplication>

#include <cmath>

namespace model {

namespace {

constexpr double fullyEfficient = 0.995;

QString tr(const char* text)
{
    return QCoreApplication::translate("model::LaunchGuidance", text);
}

QString percent(double fraction)
{
    return QString::number(std::round(fraction * 1000.0) / 10.0);
}

QString strideSentence(const QString& what, double efficiency, qint64 stride)
{
    if (stride == 2)
        return tr("%1 are %2 % efficient: stride 2, half of each sector is wasted "
                  "(Best Practices Guide §9.2.1.4, Strided Accesses).")
            .arg(what, percent(efficiency));
    return tr("%1 are %2 % efficient: stride %3, only 1/%3 of each fetched sector is used "
              "(Best Practices Guide §9.2.1.4, Strided Accesses).")
        .arg(what, percent(efficiency))
        .arg(stride);
}

QString globalSentence(const QString& what, double efficiency, const QMap<QString, qint64>& params)
{
    const qint64 stride = params.value(QStringLiteral("stride"), 0);
    if (stride > 1)
        return strideSentence(what, efficiency, stride);
    if (efficiency > 0.5 || params.value(QStringLiteral("offset"), 0) % 32 != 0)
        return tr("%1 are %2 % efficient: misaligned accesses fetch segments the warp does not use "
                  "(Best Practices Guide §9.2.1.3, Effects of Misaligned Accesses).")
            .arg(what, percent(efficiency));
    return strideSentence(what, efficiency, std::llround(1.0 / std::max(efficiency, 1e-6)));
}

QString perRequest(quint64 count, quint64 requests)
{
    return QString::number(static_cast<double>(count) / static_cast<double>(requests), 'f', 2);
}

/// Bank conflicts, when the shared accesses take more wavefronts than they would without them; empty otherwise.
/// Wide (8- or 16-byte) accesses take several wavefronts per request without any conflict, so the comparison is
/// with the ideal wavefronts; runs stored without them (0) compare with the requests.
QString sharedSentence(const LaunchSummary& launch)
{
    const quint64 requests = launch.sharedLoadRequests + launch.sharedStoreRequests;
    const quint64 wavefronts = launch.sharedLoadWavefronts + launch.sharedStoreWavefronts;
    const quint64 ideal = launch.sharedLoadIdealWavefronts + launch.sharedStoreIdealWavefronts;
    if (requests == 0)
        return {};
    if (ideal > 0) {
        if (wavefronts <= ideal)
            return {};
        return tr("Shared memory takes %1 wavefronts per request where %2 would do without bank conflicts: the "
                  "conflicts add %3 per request and serialize the accesses "
                  "(Best Practices Guide §9.2.2.1, Shared Memory and Memory Banks).")
            .arg(perRequest(wavefronts, requests), perRequest(ideal, requests),
                perRequest(wavefronts - ideal, requests));
    }
    if (wavefronts <= requests)
        return {};
    return tr("Shared memory takes %1 wavefronts per request: bank conflicts serialize the accesses "
              "(Best Practices Guide §9.2.2.1, Shared Memory and Memory Banks).")
        .arg(perRequest(wavefronts, requests));
}

} // namespace

QString launchGuidance(const LaunchSummary& launch, const QMap<QString, qint64>& params)
{
    if (launch.loadRequests > 0 && launch.loadEfficiency < fullyEfficient)
        return globalSentence(tr("Global loads"), launch.loadEfficiency, params);
    if (launch.storeRequests > 0 && launch.storeEfficiency < fullyEfficient)
        return globalSentence(tr("Global stores"), launch.storeEfficiency, params);
    if (auto sentence = sharedSentence(launch); !sentence.isEmpty())
        return sentence;
    if (launch.loadRequests + launch.storeRequests > 0)
        return tr("Global accesses are fully coalesced: every fetched byte is used "
                  "(Best Practices Guide §9.2.1, Coalesced Access to Global Memory).");
    return {};
}

} // namespace model
