; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck %s < %t.yaml
;
; A sweep of n doubles repeated: where the sweep is shorter than a block (the
; .oc.outward copy), the pipeline loop would move out to p, along which no
; address changes, so that copy stays plain and a missed remark says why; the
; copy for long sweeps keeps its hints.
; CHECK:      --- !Missed
; CHECK:      Name:            NotTransformed
; CHECK:        - Reason:          'its short-row copy (rows under a block) stays plain: no hinted reference changes its address in a loop of the nest'
; CHECK:      --- !Passed
; CHECK:      Name:            Prefetched
; CHECK:        - Array:           a
;
; void rescan(long passes, long n, double *restrict a) {
;   for (long p = 0; p < passes; p++)
;     for (long i = 0; i < n; i++)
;       a[i] += 1.0;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @rescan(i64 noundef %passes, i64 noundef %n, ptr noalias noundef %a) #0 {
entry:
  %cmp6 = icmp slt i64 0, %passes
  br i1 %cmp6, label %for.cond1.preheader.lr.ph, label %for.end7

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.inc5
  %p.07 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc6, %for.inc5 ]
  %cmp24 = icmp slt i64 0, %n
  br i1 %cmp24, label %for.body4.lr.ph, label %for.inc5

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body4

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %i.05 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %i.05
  %0 = load double, ptr %arrayidx, align 8, !tbaa !5
  %add = fadd double %0, 1.000000e+00
  store double %add, ptr %arrayidx, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.05, 1
  %cmp2 = icmp slt i64 %inc, %n
  br i1 %cmp2, label %for.body4, label %for.cond1.for.inc5_crit_edge, !llvm.loop !9

for.cond1.for.inc5_crit_edge:                     ; preds = %for.body4
  br label %for.inc5

for.inc5:                                         ; preds = %for.cond1.for.inc5_crit_edge, %for.cond1.preheader
  %inc6 = add nuw nsw i64 %p.07, 1
  %cmp = icmp slt i64 %inc6, %passes
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end7_crit_edge, !llvm.loop !11

for.cond.for.end7_crit_edge:                      ; preds = %for.inc5
  br label %for.end7

for.end7:                                         ; preds = %for.cond.for.end7_crit_edge, %entry
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
