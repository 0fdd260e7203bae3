#pragma once

#include "model/source/program_listing.h"

#include <QTableWidget>

namespace views {

/// One function's PTX, an instruction per row (breakpoint, PC, PTX line, text, CUDA line), the warp's next
/// instruction highlighted and scrolled to. Double-clicking the first column toggles a breakpoint. The
/// selected row is the cursor of Run to cursor. GUI thread.
class PtxListingWidget : public QTableWidget {
    Q_OBJECT
public:
    enum Column { BreakpointColumn, PcColumn, PtxLineColumn, TextColumn, CudaLineColumn, ColumnCount };

    explicit PtxListingWidget(QWidget* parent = nullptr);

    /// Shows `function` of `listing` when it is not the one shown already.
    void setListing(const std::shared_ptr<const model::ProgramListing>& listing, int function);
    void setCurrentPc(int pc);
    void setBreakpoints(const QList<int>& pcs);
    int currentPc() const { return m_currentPc; }
    /// The PC of the selected row (the cursor), or -1.
    int cursorPc() const;

Q_SIGNALS:
    void breakpointToggled(int pc);

private:
    void fill(const model::FunctionListing& function);

    std::shared_ptr<const model::ProgramListing> m_listing;
    int m_function = -1;
    int m_currentPc = -1;
};

} // namespace views
