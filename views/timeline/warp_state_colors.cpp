#include "views/timeline/warp_state_colors.h"

namespace views {

QColor warpStateColor(engine::WarpState state)
{
    switch (state) {
    case engine::WarpState::Issuing:
        return QColor(0x2c, 0xa0, 0x2c);
    case engine::WarpState::Eligible:
        return QColor(0xa6, 0xd8, 0x96);
    case engine::WarpState::MemoryWait:
        return QColor(0xff, 0x7f, 0x0e);
    case engine::WarpState::Dependency:
        return QColor(0xf2, 0xc9, 0x4c);
    case engine::WarpState::Barrier:
        return QColor(0x94, 0x67, 0xbd);
    case engine::WarpState::AsyncWait:
        return QColor(0x1f, 0x77, 0xb4);
    case engine::WarpState::Idle:
        break;
    }
    return QColor(0xc8, 0xc8, 0xc8);
}

} // namespace views
