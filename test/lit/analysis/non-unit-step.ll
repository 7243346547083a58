; // Non-unit steps: every other element, and blocks of four.
; void strided(int n, double *restrict a, double *restrict b) {
;   for (int i = 0; i < n; i += 2)
;     a[i] = 2.0 * a[i];
;   for (int i = 0; i < n; i += 4)
;     b[i] = b[i] + b[i + 1];
; }
;
; RUN: opt -load-pass-plugin=%outcore -passes='print<outcore-locality>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: Outcore locality for function 'strided': page 4096 B, memory 67108864 B (16384 pages), unknown trip counts version
; CHECK-NEXT: Nest 0 (Polly SCoP), 1 loops, 2 references
; CHECK-NEXT:   loop i#: depth 0, trip (1 + ((-1 + n) /u 2)), 0 .. ((1 + ((-1 + n) /u 2))) - 1, pages/iteration 2, localized
; CHECK-NEXT:   ref a[2*i#] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 leader; prefetch when i# mod 256 = 0; release when false; priority 0; hints yes
; CHECK-NEXT:   ref a[2*i#] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 trailer; prefetch when false; release when i# mod 256 = 255; priority 0; hints yes
; CHECK-NEXT: Nest 1 (Polly SCoP), 1 loops, 3 references
; CHECK-NEXT:   loop i3#: depth 0, trip (1 + ((-1 + n) /u 4)), 0 .. ((1 + ((-1 + n) /u 4))) - 1, pages/iteration 3, localized
; CHECK-NEXT:   ref b[4*i3#] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 member; prefetch when false; release when false; priority 0; hints none
; CHECK-NEXT:   ref b[4*i3# + 1] (read, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 leader; prefetch when i3# mod 128 = 0; release when false; priority 0; hints yes
; CHECK-NEXT:   ref b[4*i3#] (write, 8 B elements)
; CHECK-NEXT:     temporal reuse space { [i0 = 0] }, loops none
; CHECK-NEXT:     spatial reuse space { [i0] }, loops 0
; CHECK-NEXT:     localized 0; temporal locality none; spatial locality 0
; CHECK-NEXT:     group 0 trailer; prefetch when false; release when i3# mod 128 = 127; priority 0; hints yes
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @strided(i32 noundef %n, ptr noalias noundef %a, ptr noalias noundef %b) #0 {
entry:
  %cmp1 = icmp slt i32 0, %n
  br i1 %cmp1, label %for.body.lr.ph, label %for.cond4.preheader

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.cond.for.cond4.preheader_crit_edge:           ; preds = %for.body
  br label %for.cond4.preheader

for.cond4.preheader:                              ; preds = %for.cond.for.cond4.preheader_crit_edge, %entry
  %cmp53 = icmp slt i32 0, %n
  br i1 %cmp53, label %for.body6.lr.ph, label %for.end17

for.body6.lr.ph:                                  ; preds = %for.cond4.preheader
  br label %for.body6

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i32 [ 0, %for.body.lr.ph ], [ %add, %for.body ]
  %idxprom = zext nneg i32 %i.02 to i64
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %idxprom
  %0 = load double, ptr %arrayidx, align 8
  %mul = fmul double %0, 2.000000e+00
  %idxprom1 = zext nneg i32 %i.02 to i64
  %arrayidx2 = getelementptr inbounds double, ptr %a, i64 %idxprom1
  store double %mul, ptr %arrayidx2, align 8
  %add = add nuw nsw i32 %i.02, 2
  %cmp = icmp slt i32 %add, %n
  br i1 %cmp, label %for.body, label %for.cond.for.cond4.preheader_crit_edge, !llvm.loop !6

for.body6:                                        ; preds = %for.body6.lr.ph, %for.body6
  %i3.04 = phi i32 [ 0, %for.body6.lr.ph ], [ %add16, %for.body6 ]
  %idxprom7 = zext nneg i32 %i3.04 to i64
  %arrayidx8 = getelementptr inbounds double, ptr %b, i64 %idxprom7
  %1 = load double, ptr %arrayidx8, align 8
  %add9 = or disjoint i32 %i3.04, 1
  %idxprom10 = zext nneg i32 %add9 to i64
  %arrayidx11 = getelementptr inbounds double, ptr %b, i64 %idxprom10
  %2 = load double, ptr %arrayidx11, align 8
  %add12 = fadd double %1, %2
  %idxprom13 = zext nneg i32 %i3.04 to i64
  %arrayidx14 = getelementptr inbounds double, ptr %b, i64 %idxprom13
  store double %add12, ptr %arrayidx14, align 8
  %add16 = add nuw nsw i32 %i3.04, 4
  %cmp5 = icmp slt i32 %add16, %n
  br i1 %cmp5, label %for.body6, label %for.cond4.for.end17_crit_edge, !llvm.loop !8

for.cond4.for.end17_crit_edge:                    ; preds = %for.body6
  br label %for.end17

for.end17:                                        ; preds = %for.cond4.for.end17_crit_edge, %for.cond4.preheader
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
