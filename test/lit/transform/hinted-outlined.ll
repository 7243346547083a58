; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%outcore -passes='outcore,verify' %s | llc -O2 -filetype=obj -o /dev/null
;
; The radix sort's histogram (test/corpus/sort_radix_lsd.c), compiled with -g.
; The fit test is one load of the runtime's limit, and the hinted version is
; a function of its own (noinline, internal, with its own debug subprogram)
; called on the unlikely branch: @digit_histogram keeps the original loop with
; no call anywhere, so the loop is compiled as in the plain build (a call in
; the function would keep shift in a callee-saved register and copy it to
; %ecx for the shift on every iteration).
; CHECK-LABEL: define dso_local void @digit_histogram(
; CHECK:         %oc.limit = load atomic i64, ptr @oc_memory_limit_now unordered, align 8{{.*}}, !range [[LIMIT_RANGE:![0-9]+]]
; CHECK-NEXT:    %oc.fits = icmp ule i64 %{{.*}}, %oc.limit
; CHECK-NEXT:    br i1 %oc.fits, label %for.body.oc.ph.oc.orig, label %[[CALL:[^,]*]], !prof [[LIKELY:![0-9]+]]
; CHECK:       for.body.oc.orig:
; CHECK-NOT:     call
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call void @digit_histogram.outcore.hinted.0(i64 %n, ptr %keys, i32 %shift, ptr %count)
; CHECK-NOT:     call
; CHECK:         ret void
; CHECK-LABEL: define internal void @digit_histogram.outcore.hinted.0(i64 %n, ptr %keys, i32 %shift, ptr %count)
; CHECK-SAME:    [[HINTED:#[0-9]+]] !dbg [[SP:![0-9]+]]
; CHECK:         call void @oc_prefetch_block(
; CHECK:         call void @oc_prefetch_release_block(
; CHECK:         call void @oc_release_block(
; CHECK:       attributes [[HINTED]] = { noinline nounwind {{.*}}"outcore-hinted"
; CHECK:       [[LIKELY]] = !{!"branch_weights", i32 1048575, i32 1}
; CHECK:       [[SP]] = distinct !DISubprogram(name: "digit_histogram.outcore.hinted.0"
;
; #include <stdint.h>
; void digit_histogram(long n, int shift, const uint32_t *keys, long *count) {
;   for (long i = 0; i < n; i++)
;     count[(keys[i] >> shift) & 255]++;
; }
;
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @digit_histogram(i64 noundef %n, i32 noundef %shift, ptr noundef %keys, ptr noundef %count) #0 !dbg !9 {
entry:
    #dbg_value(i64 %n, !23, !DIExpression(), !29)
    #dbg_value(i32 %shift, !24, !DIExpression(), !29)
    #dbg_value(ptr %keys, !25, !DIExpression(), !29)
    #dbg_value(ptr %count, !26, !DIExpression(), !29)
    #dbg_value(i64 0, !27, !DIExpression(), !30)
  %cmp1 = icmp slt i64 0, %n, !dbg !31
  br i1 %cmp1, label %for.body.lr.ph, label %for.end, !dbg !33

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body, !dbg !33

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.02 = phi i64 [ 0, %for.body.lr.ph ], [ %inc2, %for.body ]
    #dbg_value(i64 %i.02, !27, !DIExpression(), !30)
  %arrayidx = getelementptr inbounds i32, ptr %keys, i64 %i.02, !dbg !34
  %0 = load i32, ptr %arrayidx, align 4, !dbg !34, !tbaa !35
  %shr = lshr i32 %0, %shift, !dbg !39
  %and = and i32 %shr, 255, !dbg !40
  %idxprom = zext nneg i32 %and to i64, !dbg !41
  %arrayidx1 = getelementptr inbounds i64, ptr %count, i64 %idxprom, !dbg !41
  %1 = load i64, ptr %arrayidx1, align 8, !dbg !42, !tbaa !43
  %inc = add nsw i64 %1, 1, !dbg !42
  store i64 %inc, ptr %arrayidx1, align 8, !dbg !42, !tbaa !43
  %inc2 = add nuw nsw i64 %i.02, 1, !dbg !45
    #dbg_value(i64 %inc2, !27, !DIExpression(), !30)
  %cmp = icmp slt i64 %inc2, %n, !dbg !31
  br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge, !dbg !33, !llvm.loop !46

for.cond.for.end_crit_edge:                       ; preds = %for.body
  br label %for.end, !dbg !33

for.end:                                          ; preds = %for.cond.for.end_crit_edge, %entry
  ret void, !dbg !50
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "hist.c", directory: "/src", checksumkind: CSK_MD5, checksum: "54773560bf3fc484d379eaec13f86dbc")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "digit_histogram", scope: !1, file: !1, line: 2, type: !10, scopeLine: 2, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !22)
!10 = !DISubroutineType(types: !11)
!11 = !{null, !12, !13, !14, !21}
!12 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !16)
!16 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint32_t", file: !17, line: 26, baseType: !18)
!17 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/stdint-uintn.h", directory: "", checksumkind: CSK_MD5, checksum: "2bf2ae53c58c01b1a1b9383b5195125c")
!18 = !DIDerivedType(tag: DW_TAG_typedef, name: "__uint32_t", file: !19, line: 42, baseType: !20)
!19 = !DIFile(filename: "/usr/include/x86_64-linux-gnu/bits/types.h", directory: "", checksumkind: CSK_MD5, checksum: "d108b5f93a74c50510d7d9bc0ab36df9")
!20 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!21 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!22 = !{!23, !24, !25, !26, !27}
!23 = !DILocalVariable(name: "n", arg: 1, scope: !9, file: !1, line: 2, type: !12)
!24 = !DILocalVariable(name: "shift", arg: 2, scope: !9, file: !1, line: 2, type: !13)
!25 = !DILocalVariable(name: "keys", arg: 3, scope: !9, file: !1, line: 2, type: !14)
!26 = !DILocalVariable(name: "count", arg: 4, scope: !9, file: !1, line: 2, type: !21)
!27 = !DILocalVariable(name: "i", scope: !28, file: !1, line: 3, type: !12)
!28 = distinct !DILexicalBlock(scope: !9, file: !1, line: 3, column: 3)
!29 = !DILocation(line: 0, scope: !9)
!30 = !DILocation(line: 0, scope: !28)
!31 = !DILocation(line: 3, column: 22, scope: !32)
!32 = distinct !DILexicalBlock(scope: !28, file: !1, line: 3, column: 3)
!33 = !DILocation(line: 3, column: 3, scope: !28)
!34 = !DILocation(line: 4, column: 12, scope: !32)
!35 = !{!36, !36, i64 0}
!36 = !{!"int", !37, i64 0}
!37 = !{!"omnipotent char", !38, i64 0}
!38 = !{!"Simple C/C++ TBAA"}
!39 = !DILocation(line: 4, column: 20, scope: !32)
!40 = !DILocation(line: 4, column: 30, scope: !32)
!41 = !DILocation(line: 4, column: 5, scope: !32)
!42 = !DILocation(line: 4, column: 36, scope: !32)
!43 = !{!44, !44, i64 0}
!44 = !{!"long", !37, i64 0}
!45 = !DILocation(line: 3, column: 28, scope: !32)
!46 = distinct !{!46, !33, !47, !48, !49}
!47 = !DILocation(line: 4, column: 36, scope: !28)
!48 = !{!"llvm.loop.mustprogress"}
!49 = !{!"llvm.loop.unroll.disable"}
!50 = !DILocation(line: 5, column: 1, scope: !9)
