#include "views/stepper/step_status_text.h"

#include <QCoreApplication>

namespace views {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("views::WarpStepperView", text); }

QString reasonText(model::StopReason reason)
{
    switch (reason) {
    case model::StopReason::None: return tr("Ready");
    case model::StopReason::Stepped: return tr("Stepped");
    case model::StopReason::SteppedBack: return tr("Stepped back");
    case model::StopReason::AtStart: return tr("At the first instruction");
    case model::StopReason::Barrier: return tr("At a barrier");
    case model::StopReason::Breakpoint: return tr("Breakpoint");
    case model::StopReason::Cursor: return tr("At the cursor");
    case model::StopReason::WarpDone: return tr("Warp finished");
    case model::StopReason::Fault: return tr("Fault");
    case model::StopReason::Cancelled: return tr("Stopped");
    }
    return {};
}

QString spaceText(model::MemoryPicture::Space space)
{
    switch (space) {
    case model::MemoryPicture::Space::Global: return QStringLiteral("global");
    case model::MemoryPicture::Space::Shared: return QStringLiteral("shared");
    case model::MemoryPicture::Space::Local: return QStringLiteral("local");
    default: return QStringLiteral("other");
    }
}

} // namespace

QString stepStatusText(const model::StepSnapshot& s)
{
    QString text = reasonText(s.stopReason) + tr(" · step %1").arg(s.stepCount);
    if (s.pc >= 0)
        text += tr(" · pc %1").arg(s.pc);
    if (s.cudaLine > 0)
        text += tr(" · line %1").arg(s.cudaLine);
    text += QStringLiteral(" · ") + s.status;
    if (!s.error.isEmpty())
        text += QStringLiteral(" — ") + s.error;
    return text;
}

QString memoryTitleText(const model::StepSnapshot& s)
{
    const auto& m = s.memory;
    if (m.space == model::MemoryPicture::Space::None)
        return tr("Last memory instruction: none yet");
    return tr("%1.%2 at pc %3 on %4 (CC %5)")
        .arg(m.store ? QStringLiteral("st") : QStringLiteral("ld"), spaceText(m.space))
        .arg(m.pc)
        .arg(s.deviceName, s.computeCapability);
}

} // namespace views
