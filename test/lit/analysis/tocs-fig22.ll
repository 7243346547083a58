; // TOCS 2001 Fig. 22: references without exploitable group reuse.
; double C[1024], D[2048][1024], E[1024][1024];
; void fig22(int n) {
;   for (int i = 0; i < n; i++)
;     for (int j = 0; j < n; j++)
;       E[i][j] = C[i] * C[j] + D[2*i][j] * D[2*i+1][j];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality><page-size=16;mem-size=8000>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'fig22': page 16 B, memory 8000 B (500 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 2 loops, 5 references
; CHECK-NEXT:   loop i: depth 0, trip n, 0 .. (-1 + n), pages/iteration 4*ceil(n/2) + 1, not localized (unknown trip count)
; CHECK-NEXT:   loop j: depth 1, trip n, 0 .. (-1 + n), pages/iteration 5, localized
; CHECK-NEXT:   ref C[i] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     spatial reuse space { [i0, i1] }, loops 0
; CHECK-NEXT:     localized 1; temporal locality 1; spatial locality none
; CHECK-NEXT:     group 0 single; prefetch when j = 0; release when j = (-1 + n); priority 2; hints yes
; CHECK-NEXT:   ref C[j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0, i1 = 0] }, loops 0
; CHECK-NEXT:     spatial reuse space { [i0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 1 single; prefetch when j mod 2 = 0; release when j mod 2 = 1; priority 1; hints yes
; CHECK-NEXT:   ref D[2*i][j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 2 single; prefetch when j mod 2 = 0; release when j mod 2 = 1; priority 0; hints yes
; CHECK-NEXT:   ref D[2*i + 1][j] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 3 single; prefetch when j mod 2 = 0; release when j mod 2 = 1; priority 0; hints yes
; CHECK-NEXT:   ref E[i][j] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0, i1 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0 = 0, i1] }, loops 1
; CHECK-NEXT:     localized 1; temporal locality none; spatial locality 1
; CHECK-NEXT:     group 4 single; prefetch when j mod 2 = 0; release when j mod 2 = 1; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@C = dso_local global [1024 x double] zeroinitializer, align 16
@D = dso_local global [2048 x [1024 x double]] zeroinitializer, align 16
@E = dso_local global [1024 x [1024 x double]] zeroinitializer, align 16

define dso_local void @fig22(i32 noundef %n) #0 {
entry:
  %cmp3 = icmp slt i32 0, %n
  br i1 %cmp3, label %for.cond1.preheader.lr.ph, label %for.end23

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc21
  %i.04 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc22, %for.inc21 ]
  %cmp21 = icmp slt i32 0, %n
  br i1 %cmp21, label %for.body3.lr.ph, label %for.inc21

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %j.02 = phi i32 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %idxprom = zext nneg i32 %i.04 to i64
  %arrayidx = getelementptr inbounds [1024 x double], ptr @C, i64 0, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %idxprom4 = zext nneg i32 %j.02 to i64
  %arrayidx5 = getelementptr inbounds [1024 x double], ptr @C, i64 0, i64 %idxprom4
  %1 = load double, ptr %arrayidx5, align 8
  %mul6 = shl nuw nsw i32 %i.04, 1
  %idxprom7 = zext nneg i32 %mul6 to i64
  %idxprom9 = zext nneg i32 %j.02 to i64
  %arrayidx10 = getelementptr inbounds [2048 x [1024 x double]], ptr @D, i64 0, i64 %idxprom7, i64 %idxprom9
  %2 = load double, ptr %arrayidx10, align 8
  %mul11 = shl nuw nsw i32 %i.04, 1
  %add = or disjoint i32 %mul11, 1
  %idxprom12 = zext nneg i32 %add to i64
  %idxprom14 = zext nneg i32 %j.02 to i64
  %arrayidx15 = getelementptr inbounds [2048 x [1024 x double]], ptr @D, i64 0, i64 %idxprom12, i64 %idxprom14
  %3 = load double, ptr %arrayidx15, align 8
  %mul16 = fmul double %2, %3
  %4 = call double @llvm.fmuladd.f64(double %0, double %1, double %mul16)
  %idxprom17 = zext nneg i32 %i.04 to i64
  %idxprom19 = zext nneg i32 %j.02 to i64
  %arrayidx20 = getelementptr inbounds [1024 x [1024 x double]], ptr @E, i64 0, i64 %idxprom17, i64 %idxprom19
  store double %4, ptr %arrayidx20, align 8
  %inc = add nuw nsw i32 %j.02, 1
  %cmp2 = icmp slt i32 %inc, %n
  br i1 %cmp2, label %for.body3, label %for.cond1.for.inc21_crit_edge, !llvm.loop !6

for.cond1.for.inc21_crit_edge:                    ; preds = %for.body3
  br label %for.inc21

for.inc21:                                        ; preds = %for.cond1.for.inc21_crit_edge, %for.cond1.preheader
  %inc22 = add nuw nsw i32 %i.04, 1
  %cmp = icmp slt i32 %inc22, %n
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end23_crit_edge, !llvm.loop !8

for.cond.for.end23_crit_edge:                     ; preds = %for.inc21
  br label %for.end23

for.end23:                                        ; preds = %for.cond.for.end23_crit_edge, %entry
  ret void
}

declare double @llvm.fmuladd.f64(double, double, double) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
