; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
;
; An indirect reference into a block malloc made counts at most the block in the
; fit test (malloc's n * 4 bytes), not the nest's dense data.
; CHECK-LABEL: define dso_local ptr @scatter(
; CHECK:         [[SIZE:%.*]] = shl i64 %n, 2
; CHECK-NEXT:    %call = call noalias ptr @malloc(i64 noundef [[SIZE]])
; CHECK:         [[PAGES:%.*]] = add nuw nsw i64 {{%.*}}, 4
; CHECK-NEXT:    {{%.*}} = call i64 @llvm.umin.i64(i64 [[SIZE]], i64 [[PAGES]])
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered
;
; // A counting sort's scatter: order[] is written where a histogram says, anywhere
; // in it. The fit test bounds that reference by the block malloc made for it, n
; // ints, not by the nest's dense data, the keys (a page per execution would make
; // the nest never fit). Bounded by the keys, a 196 MB scatter of 24-byte records
; // was taken for 336 MB and ran its hinted version in core in a 256 MiB group.
; #include <stdlib.h>
; 
; int *scatter(long n, const long *key, int *cnt) {
;   int *order = malloc(n * sizeof *order);
;   for (long i = 0; i < n; i++)
;     order[cnt[key[i]]++] = (int)i;
;   return order;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local ptr @scatter(i64 noundef %n, ptr noundef %key, ptr noundef %cnt) #0 {
entry:
  %mul = shl i64 %n, 2
  %call = call noalias ptr @malloc(i64 noundef %mul) #2
  %cmp6 = icmp slt i64 0, %n
  br i1 %cmp6, label %for.body.lr.ph, label %for.end

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.07 = phi i64 [ 0, %for.body.lr.ph ], [ %inc3, %for.body ]
  %conv = trunc i64 %i.07 to i32
  %arrayidx = getelementptr inbounds i64, ptr %key, i64 %i.07
  %0 = load i64, ptr %arrayidx, align 8
  %arrayidx1 = getelementptr inbounds i32, ptr %cnt, i64 %0
  %1 = load i32, ptr %arrayidx1, align 4
  %inc = add nsw i32 %1, 1
  store i32 %inc, ptr %arrayidx1, align 4
  %idxprom = sext i32 %1 to i64
  %arrayidx2 = getelementptr inbounds i32, ptr %call, i64 %idxprom
  store i32 %conv, ptr %arrayidx2, align 4
  %inc3 = add nuw nsw i64 %i.07, 1
  %cmp = icmp slt i64 %inc3, %n
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop !6

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret ptr %call
}

declare noalias ptr @malloc(i64 noundef) #1

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind allocsize(0) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind allocsize(0) }

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
