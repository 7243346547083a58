; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK:      Nest 0 (Polly SCoP), 1 loops, 2 references
; CHECK-NEXT:   loop i: depth 0
; CHECK:      Nest 1 (ScalarEvolution), 1 loops, 3 references
; CHECK-NEXT:   loop j: depth 0
; CHECK:        ref h[idx[...]] (write, 8 B elements)
; CHECK-NOT:  Missed nest
;
; // The t loop calls a function, so Polly models only the i loop inside it;
; // the j loop beside it (indirect, which Polly declines) is a nest of its own
; // from ScalarEvolution, not skipped in silence.
; void opaque(void);
; 
; void f(int steps, long n, double *a, double *b, const int *idx, double *h) {
;   for (int t = 0; t < steps; t++) {
;     for (long i = 0; i < n; i++)
;       a[i] = b[i] * 0.5;
;     for (long j = 0; j < n; j++)
;       h[idx[j]] += 1.0;
;     opaque();
;   }
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @f(i32 noundef %steps, i64 noundef %n, ptr noundef %a, ptr noundef %b, ptr noundef %idx, ptr noundef %h) #0 {
entry:
  %cmp5 = icmp slt i32 0, %steps
  br i1 %cmp5, label %for.cond1.preheader.lr.ph, label %for.end15

for.cond1.preheader.lr.ph:                        ; preds = %entry
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.end12
  %t.06 = phi i32 [ 0, %for.cond1.preheader.lr.ph ], [ %inc14, %for.end12 ]
  %cmp21 = icmp slt i64 0, %n
  br i1 %cmp21, label %for.body3.lr.ph, label %for.cond5.preheader

for.body3.lr.ph:                                  ; preds = %for.cond1.preheader
  br label %for.body3

for.cond1.for.cond5.preheader_crit_edge:          ; preds = %for.body3
  br label %for.cond5.preheader

for.cond5.preheader:                              ; preds = %for.cond1.for.cond5.preheader_crit_edge, %for.cond1.preheader
  %cmp63 = icmp slt i64 0, %n
  br i1 %cmp63, label %for.body7.lr.ph, label %for.end12

for.body7.lr.ph:                                  ; preds = %for.cond5.preheader
  br label %for.body7

for.body3:                                        ; preds = %for.body3.lr.ph, %for.body3
  %i.02 = phi i64 [ 0, %for.body3.lr.ph ], [ %inc, %for.body3 ]
  %arrayidx = getelementptr inbounds double, ptr %b, i64 %i.02
  %0 = load double, ptr %arrayidx, align 8
  %mul = fmul double %0, 5.000000e-01
  %arrayidx4 = getelementptr inbounds double, ptr %a, i64 %i.02
  store double %mul, ptr %arrayidx4, align 8
  %inc = add nuw nsw i64 %i.02, 1
  %cmp2 = icmp slt i64 %inc, %n
  br i1 %cmp2, label %for.body3, label %for.cond1.for.cond5.preheader_crit_edge, !llvm.loop !6

for.body7:                                        ; preds = %for.body7.lr.ph, %for.body7
  %j.04 = phi i64 [ 0, %for.body7.lr.ph ], [ %inc11, %for.body7 ]
  %arrayidx8 = getelementptr inbounds i32, ptr %idx, i64 %j.04
  %1 = load i32, ptr %arrayidx8, align 4
  %idxprom = sext i32 %1 to i64
  %arrayidx9 = getelementptr inbounds double, ptr %h, i64 %idxprom
  %2 = load double, ptr %arrayidx9, align 8
  %add = fadd double %2, 1.000000e+00
  store double %add, ptr %arrayidx9, align 8
  %inc11 = add nuw nsw i64 %j.04, 1
  %cmp6 = icmp slt i64 %inc11, %n
  br i1 %cmp6, label %for.body7, label %for.cond5.for.end12_crit_edge, !llvm.loop !8

for.cond5.for.end12_crit_edge:                    ; preds = %for.body7
  br label %for.end12

for.end12:                                        ; preds = %for.cond5.for.end12_crit_edge, %for.cond5.preheader
  call void @opaque() #2
  %inc14 = add nuw nsw i32 %t.06, 1
  %cmp = icmp slt i32 %inc14, %steps
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.for.end15_crit_edge, !llvm.loop !9

for.cond.for.end15_crit_edge:                     ; preds = %for.end12
  br label %for.end15

for.end15:                                        ; preds = %for.cond.for.end15_crit_edge, %entry
  ret void
}

declare void @opaque() #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind }

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
!9 = distinct !{!9, !7}
