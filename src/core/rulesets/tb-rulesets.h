/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tb-rulesets.h: the ruleset tables the registry lists */
#pragma once

#include "tb-rules.h"

G_BEGIN_DECLS

extern const TbRules tb_rules_versus_61;
extern const TbRules tb_rules_versus_91;
extern const TbRules tb_rules_ra;
extern const TbRules tb_rules_oraia;
extern const TbRules tb_rules_retournement;

G_END_DECLS
