; // A loop running backwards.
; void reverse_copy(int n, double *restrict dst, const double *restrict src) {
;   for (int i = n - 1; i >= 0; i--)
;     dst[n - 1 - i] = src[i];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'reverse_copy': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 1 loops, 2 references
; CHECK-NEXT:   loop i#: depth 0, trip n, 0 .. (n) - 1, pages/iteration 2, localized
; CHECK-NEXT:   ref src[-i# + n - 1] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 single; prefetch when i# mod 512 = 0; release when i# mod 512 = 511; priority 0; hints yes
; CHECK-NEXT:   ref dst[i#] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 1 single; prefetch when i# mod 512 = 0; release when i# mod 512 = 511; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @reverse_copy(i32 noundef %n, ptr noalias noundef %dst, ptr noalias noundef %src) #0 {
entry:
  %i.01 = add nsw i32 %n, -1
  %cmp2 = icmp sgt i32 %n, 0
  br i1 %cmp2, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.04 = phi i32 [ %i.01, %for.body.lr.ph ], [ %i.0, %for.body ]
  %i.0.in3 = phi i32 [ %n, %for.body.lr.ph ], [ %i.04, %for.body ]
  %idxprom = sext i32 %i.04 to i64
  %arrayidx = getelementptr inbounds double, ptr %src, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %sub2 = sub i32 %n, %i.0.in3
  %idxprom3 = sext i32 %sub2 to i64
  %arrayidx4 = getelementptr inbounds double, ptr %dst, i64 %idxprom3
  store double %0, ptr %arrayidx4, align 8
  %i.0 = add nsw i32 %i.04, -1
  %cmp = icmp sgt i32 %i.04, 0
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
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
