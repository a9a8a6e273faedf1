#include "ui/plan/planningjob.h"

namespace infraplan::ui {

void PlanningJobBase::cancel() {
    if (m_token) m_token->cancel();
}

std::shared_ptr<CancelToken> PlanningJobBase::renewToken() {
    m_token = std::make_shared<CancelToken>();
    return m_token;
}

}  // namespace infraplan::ui
