//===- Remarks.cpp - The remark contract of DESIGN.md ---------------------===//

#include "Remarks.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace outcore {

static constexpr const char *PassName = "outcore";

void emitLocalityRemarks(const AnalyzedNest &Nest,
                         OptimizationRemarkEmitter &ORE) {
  const NestModel &Model = Nest.IR.Model;
  for (size_t R = 0; R < Model.Refs.size(); ++R) {
    const NestRef &Ref = Model.Refs[R];
    const RefLocality &RL = Nest.Locality.Refs[R];
    Instruction *At = Nest.IR.Accesses[R];
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(PassName, "Locality", At)
             << "reference " << referenceText(Nest.IR, Ref) << ": "
             << ore::NV("Array", Ref.Array) << " temporal reuse in loops "
             << ore::NV("Temporal", depthList(Model, RL.TemporalLoops))
             << ", spatial reuse in loops "
             << ore::NV("Spatial", depthList(Model, RL.SpatialLoops))
             << ", localized loops "
             << ore::NV("Localized", depthList(Model, RL.LocalizedLoops))
             << ", group " << ore::NV("Group", groupRoleName(RL.Role))
             << ", prefetch when "
             << ore::NV("Prefetch", predicateText(Model, RL.PrefetchPredicate))
             << ", release when "
             << ore::NV("Release", predicateText(Model, RL.ReleasePredicate))
             << ", priority " << ore::NV("Priority", RL.Priority)
             << ", indirect " << ore::NV("Indirect", Ref.Indirect ? "true" : "false")
             << ", hints " << ore::NV("Hints", RL.Hints ? "yes" : "none");
    });
  }
}

void emitNotTransformed(Loop *Outermost, StringRef Reason,
                        OptimizationRemarkEmitter &ORE) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, "NotTransformed",
                                    Outermost->getStartLoc(),
                                    Outermost->getHeader())
           << "loop nest not transformed: " << ore::NV("Reason", Reason);
  });
}

void emitNotSpilled(const Function &User, StringRef Array, StringRef Reason,
                    OptimizationRemarkEmitter &ORE) {
  ORE.emit([&] {
    return OptimizationRemarkMissed(PassName, "NotSpilled", &User)
           << "global " << ore::NV("Array", Array) << " not spilled: "
           << ore::NV("Reason", Reason);
  });
}

void emitDirective(const DirectiveRemark &D, OptimizationRemarkEmitter &ORE) {
  ORE.emit([&] {
    return OptimizationRemark(PassName,
                              D.Prefetches ? "Prefetched" : "Released", D.At)
           << (D.Prefetches ? "prefetch" : "release") << " of "
           << ore::NV("Array", D.Array) << " with tag " << ore::NV("Tag", D.Tag)
           << ", priority " << ore::NV("Priority", D.Priority) << ", "
           << ore::NV("Pages", D.Pages) << " pages, "
           << ore::NV("Distance", D.Distance)
           << " iterations ahead of pipeline loop depth "
           << ore::NV("PipelineDepth", D.PipelineDepth);
  });
}

} // namespace outcore
