import FactoryCore

extension GalleryPage {
    /// The page's CSS: a responsive grid of cards, light and dark, no web fonts (Inter if installed).
    static let style = """
    :root{--bg:#f4f4f6;--card:#fff;--ink:#1d1d22;--muted:#6b6e78;--line:#e3e4e8;--ok:#1f9d55;--bad:#d93025;--warn:#b26a00;
    --bad-bg:#fdecea;--chip:#eef0f4;--accent:#5b5bd6;--shadow:0 1px 2px rgba(0,0,0,.06),0 4px 16px rgba(0,0,0,.05)}
    @media (prefers-color-scheme:dark){:root{--bg:#111216;--card:#1b1c22;--ink:#ececf1;--muted:#9a9caa;--line:#2c2e37;--ok:#4cc38a;
    --bad:#ff6b60;--warn:#f0b54a;--bad-bg:#3a1f1f;--chip:#272933;--accent:#8e8cf0;--shadow:none}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
    .top{padding:28px 32px 12px;max-width:1500px;margin:0 auto}
    h1{margin:0;font-size:28px;letter-spacing:-.01em}
    .sub{margin:4px 0 0;color:var(--muted)}
    .totals{display:flex;flex-wrap:wrap;gap:10px;margin:18px 0 14px}
    .stat{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:10px 14px;min-width:120px;box-shadow:var(--shadow)}
    .stat .num{display:block;font-size:20px;font-weight:700;font-variant-numeric:tabular-nums}
    .stat .lbl{color:var(--muted);font-size:13px}
    .stat.ok .num{color:var(--ok)} .stat.bad .num{color:var(--bad)}
    .filters{display:none;flex-wrap:wrap;gap:8px;align-items:center}
    .js .filters{display:flex} .filter{font:inherit;font-size:14px;border:1px solid var(--line);background:var(--card);color:var(--ink);border-radius:999px;padding:5px 12px;cursor:pointer}
    .filter span{color:var(--muted);margin-left:4px}
    .filter .swatch{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;background:var(--accent)}
    .filter.on{background:var(--ink);color:var(--bg);border-color:var(--ink)} .filter.on span{color:inherit;opacity:.7}
    .sheet{margin-top:12px} .sheet summary{cursor:pointer;color:var(--accent)}
    .sheet img{display:block;max-width:100%;margin-top:10px;border-radius:10px}
    .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(600px,1fr));gap:20px;padding:12px 32px 32px;max-width:1500px;margin:0 auto;align-items:start}
    @media (max-width:700px){.grid{grid-template-columns:1fr;padding:12px}.top{padding:20px 12px 8px}}
    .card{display:grid;grid-template-columns:260px minmax(0,1fr);gap:18px;background:var(--card);border:1px solid var(--line);
    border-radius:16px;padding:16px;box-shadow:var(--shadow);border-top:4px solid var(--accent)}
    .card.attention{border-color:var(--bad);border-top-color:var(--bad)}
    @media (max-width:700px){.card{grid-template-columns:1fr}}
    .card[hidden]{display:none}
    .media video,.media img.still{display:block;width:100%;aspect-ratio:var(--ratio);background:#000;border-radius:10px;object-fit:contain}
    /* Without JavaScript both panes show and the tabs hide. */
    .media .pane[hidden]{display:block} .js .media .pane[hidden]{display:none}
    .tabs{display:none;gap:4px;margin-bottom:8px} .js .tabs{display:flex} .pane+.pane{margin-top:8px}
    .tab{flex:1;font:inherit;font-size:13px;padding:4px 0;border:1px solid var(--line);background:var(--chip);color:var(--ink);border-radius:8px;cursor:pointer}
    .tab.on{background:var(--ink);color:var(--bg)}
    .variants{display:flex;gap:6px;margin-top:8px} .variants img{width:56px;height:56px;object-fit:cover;border-radius:6px;border:1px solid var(--line)}
    .audio{margin-top:10px;font-size:13px;color:var(--muted)} .audio audio{width:100%;margin-top:4px}
    .media.none .placeholder{height:100%;min-height:180px;display:flex;flex-direction:column;align-items:center;justify-content:center;
    gap:6px;border:2px dashed var(--line);border-radius:10px;color:var(--muted)}
    .placeholder .mark{font-size:34px;color:var(--bad)}
    .body h2{margin:8px 0 2px;font-size:18px;line-height:1.3;overflow-wrap:anywhere}
    .item-id{margin:0;color:var(--muted);font:12px ui-monospace,Menlo,Consolas,monospace}
    .chips{display:flex;flex-wrap:wrap;gap:6px}
    .repeats{background:var(--chip);border-left:3px solid var(--warn);padding:6px 10px;margin:8px 0;font-size:13px}
    .repeats ul{margin:4px 0 0;padding-left:18px}
    .chip{background:var(--chip);border-radius:999px;padding:2px 10px;font-size:12.5px}
    .chip.kind{font-weight:600} .chip.status.ok{color:var(--ok)} .chip.status.bad{color:#fff;background:var(--bad)} .chip.status.warn{color:var(--warn)}
    .facts{color:var(--muted);margin:6px 0 10px;font-size:13.5px;font-variant-numeric:tabular-nums}
    .qa{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 10px;font-size:13px;font-variant-numeric:tabular-nums}
    .qa-cell{border:1px solid var(--line,#ddd);border-radius:6px;padding:2px 8px;color:var(--muted)}
    .qa-cell b{color:inherit;font-weight:650}.qa-cell.ok b{color:#1a7f37}.qa-cell.bad{border-color:#cf222e}.qa-cell.bad b{color:#cf222e}
    .reason{background:var(--bad-bg);border-radius:10px;padding:10px 12px;margin:10px 0;overflow-wrap:anywhere}
    .caption{border:1px solid var(--line);border-radius:10px;padding:8px 10px;margin-bottom:10px}
    .caption-head{display:flex;align-items:center;gap:8px} .caption-head h3{margin:0;font-size:14px;flex:1}
    .count{color:var(--muted);font-size:12px}
    .copy{display:none;font:inherit;font-size:13px;font-weight:600;border:0;border-radius:8px;padding:5px 14px;background:var(--accent);color:#fff;cursor:pointer}
    .js .copy{display:inline-block} .copy.done{background:var(--ok)} .copy.failed{background:var(--bad)}
    .caption-text{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit;font-size:14px;line-height:1.45;margin:8px 0 2px;max-height:13em;overflow:auto}
    details summary{cursor:pointer;font-size:14px;padding:4px 0}
    .dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:7px;vertical-align:1px}
    .dot.ok{background:var(--ok)} .dot.bad{background:var(--bad)}
    .checks details.passed summary{font-size:13px;color:var(--muted);padding:2px 6px}
    .checks h4{margin:8px 0 2px;font-size:12.5px;color:var(--muted);font-weight:600}
    .check-list,.file-list{list-style:none;margin:4px 0 8px;padding:0;font-size:13px}
    .check-list li{display:grid;grid-template-columns:18px minmax(120px,auto) 1fr;gap:6px;padding:3px 6px;border-radius:6px}
    .check-list li.pass .verdict{color:var(--ok)}
    .check-list li.fail{background:var(--bad-bg)} .check-list li.fail .verdict,.check-list li.fail .name{color:var(--bad);font-weight:700}
    .check-list .name{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}
    .check-list .detail{color:var(--muted);overflow-wrap:anywhere}
    .check-list li.fail .detail{color:var(--ink)}
    .file-list li{display:flex;justify-content:space-between;gap:10px;padding:2px 0;border-bottom:1px dotted var(--line)}
    .file-list span{color:var(--muted);font-variant-numeric:tabular-nums}
    a{color:var(--accent)}
    .bad-text{color:var(--bad)}
    .empty-filter{text-align:center;color:var(--muted)}
    footer{max-width:1500px;margin:0 auto;padding:8px 32px 40px;color:var(--muted);font-size:13px}
    """

    /// Each registered kind's colour on its cards' top edge and its filter's swatch. A colour that
    /// is not `#rgb` or `#rrggbb` is left out (the accent shows), so nothing but a colour reaches the CSS.
    static func kindStyle(_ kinds: KindRegistry) -> String {
        kinds.descriptors.compactMap { descriptor -> String? in
            let colour = descriptor.look.colour
            let hex = colour.dropFirst()
            guard colour.hasPrefix("#"), [3, 6].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
            let name = "kind-" + HTML.identifier(descriptor.kind.rawValue)
            return "\n.card.\(name){border-top-color:\(colour)} .swatch.\(name){background:\(colour)}"
        }.joined()
    }

    /// The page's JavaScript: Copy (the async clipboard where the page is a secure context, else a
    /// hidden textarea and execCommand, as file:// pages often are not), poster/video tabs, filters.
    static let script = """
    (function(){
    document.documentElement.classList.add('js');
    function fallbackCopy(text){
      var area=document.createElement('textarea');
      area.value=text;area.setAttribute('readonly','');
      area.style.position='fixed';area.style.top='-1000px';area.style.opacity='0';
      document.body.appendChild(area);area.select();area.setSelectionRange(0,text.length);
      var ok=false;try{ok=document.execCommand('copy');}catch(e){ok=false;}
      document.body.removeChild(area);return ok;
    }
    function copyText(text){
      if(navigator.clipboard&&window.isSecureContext){
        return navigator.clipboard.writeText(text).then(function(){return true;},function(){return fallbackCopy(text);});
      }
      return Promise.resolve(fallbackCopy(text));
    }
    function selectText(node){
      var range=document.createRange();range.selectNodeContents(node);
      var sel=window.getSelection();sel.removeAllRanges();sel.addRange(range);
    }
    document.querySelectorAll('button.copy').forEach(function(button){
      button.addEventListener('click',function(){
        var source=document.getElementById(button.getAttribute('data-for'));
        if(!source)return;
        copyText(source.textContent).then(function(ok){
          button.classList.remove('done','failed');
          button.classList.add(ok?'done':'failed');
          button.textContent=ok?'Copied':'Press Ctrl+C';
          if(!ok)selectText(source);
          setTimeout(function(){button.textContent='Copy';button.classList.remove('done','failed');},1800);
        });
      });
    });
    document.querySelectorAll('.media .tabs').forEach(function(tabs){
      var media=tabs.parentNode;
      tabs.querySelectorAll('.tab').forEach(function(tab){
        tab.addEventListener('click',function(){
          var want=tab.getAttribute('data-pane');
          tabs.querySelectorAll('.tab').forEach(function(t){t.classList.toggle('on',t===tab);});
          media.querySelectorAll('.pane').forEach(function(pane){
            var show=pane.getAttribute('data-pane')===want;pane.hidden=!show;
            if(!show)pane.querySelectorAll('video').forEach(function(v){v.pause();});
          });
        });
      });
    });
    var cards=document.querySelectorAll('article.card');
    document.querySelectorAll('button.filter').forEach(function(button){
      button.addEventListener('click',function(){
        var want=button.getAttribute('data-filter'),shown=0;
        document.querySelectorAll('button.filter').forEach(function(b){b.classList.toggle('on',b===button);});
        cards.forEach(function(card){
          var show=want==='all'||(want==='attention'?card.getAttribute('data-attention')==='true':card.getAttribute('data-kind')===want);
          card.hidden=!show;if(show)shown++;
        });
        document.getElementById('empty-filter').hidden=shown>0;
      });
    });
    })();
    """
}
