; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-missed=outcore -S %s 2>&1 | FileCheck %s
;
; CHECK: remark: {{.*}}loop nest not transformed: the data the nest touches has no bound before the nest (no run-time fit test)
; CHECK-NOT: call {{.*}}@oc_
;
; // The i loop steps by 3 while i + 3 < rows, with int counters: neither its
; // exact nor a symbolic backedge count is known (only the counter type's
; // range), and the size of G is not known, so the footprint has no bound
; // before the nest: no fit test, so no hinted code.
; void coarse2d(int rows, int cols, double G[rows][cols]) {
;   for (int i = 0; i + 3 < rows; i += 3)
;     for (int j = 0; j < cols; j++)
;       G[i][j] = G[i + 3][j] - G[i][j];
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @coarse2d(i32 noundef %rows, i32 noundef %cols, ptr noundef %G) #0 {
entry:
  %0 = zext i32 %cols to i64
  %cmp3 = icmp slt i32 3, %rows
  br i1 %cmp3, label %for.cond1.preheader.lr.ph, label %for.end17

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc15
  %i.04 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %add16, %for.inc15 ]
  %cmp21 = icmp slt i32 0, %cols
  br i1 %cmp21, label %for.body3.lr.ph, label %for.inc15

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %j.02 = phi i32 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %add4 = add nuw nsw i32 %i.04, 3
  %idxprom = zext nneg i32 %add4 to i64
  %1 = mul nuw nsw i64 %idxprom, %0
  %arrayidx = getelementptr inbounds double, ptr %G, i64 %1
  %idxprom5 = zext nneg i32 %j.02 to i64
  %arrayidx6 = getelementptr inbounds double, ptr %arrayidx, i64 %idxprom5
  %2 = load double, ptr %arrayidx6, align 8
  %idxprom7 = zext nneg i32 %i.04 to i64
  %3 = mul nuw nsw i64 %idxprom7, %0
  %arrayidx8 = getelementptr inbounds double, ptr %G, i64 %3
  %idxprom9 = zext nneg i32 %j.02 to i64
  %arrayidx10 = getelementptr inbounds double, ptr %arrayidx8, i64 %idxprom9
  %4 = load double, ptr %arrayidx10, align 8
  %sub = fsub double %2, %4
  %idxprom11 = zext nneg i32 %i.04 to i64
  %5 = mul nuw nsw i64 %idxprom11, %0
  %arrayidx12 = getelementptr inbounds double, ptr %G, i64 %5
  %idxprom13 = zext nneg i32 %j.02 to i64
  %arrayidx14 = getelementptr inbounds double, ptr %arrayidx12, i64 %idxprom13
  store double %sub, ptr %arrayidx14, align 8
  %inc = add nuw nsw i32 %j.02, 1
  %cmp2 = icmp slt i32 %inc, %cols
  br i1 %cmp2, label %for.body3, label %for.cond1.for.inc15_crit_edge, !llvm.loop !6

for.cond1.for.inc15_crit_edge:                    ; preds = %for.body3
  br label %for.inc15

for.inc15:                                        ; preds = %for.cond1.for.inc15_crit_edge, %for.cond1.preheader
  %add16 = add nuw nsw i32 %i.04, 3
  %add = add nuw nsw i32 %add16, 3
  %cmp = icmp slt i32 %add, %rows
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end17_crit_edge, !llvm.loop !8

for.cond.for.end17_crit_edge:                     ; preds = %for.inc15
  br label %for.end17

for.end17:                                        ; preds = %for.cond.for.end17_crit_edge, %entry
  ret void
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
